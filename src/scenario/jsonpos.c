#include "jsonpos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Scan {
    const char *s;
    size_t len, i;
    int line, col;
    JPosIndex *ix;
    int nomem;
} Scan;

static void advance(Scan *sc)
{
    unsigned char c = (unsigned char)sc->s[sc->i++];
    if (c == '\n') {
        sc->line++;
        sc->col = 1;
    } else if ((c & 0xC0) != 0x80) {
        sc->col++; /* columns count characters, as jansson's do; UTF-8 continuation bytes are not new ones */
    }
}

static void skip_ws(Scan *sc)
{
    while (sc->i < sc->len && (sc->s[sc->i] == ' ' || sc->s[sc->i] == '\t' || sc->s[sc->i] == '\n' || sc->s[sc->i] == '\r'))
        advance(sc);
}

static void add(Scan *sc, const char *path, int kl, int kc, int l, int c)
{
    JPosIndex *ix = sc->ix;
    if (ix->n == ix->cap) {
        int cap = ix->cap ? ix->cap * 2 : 256;
        JPosEntry *items = realloc(ix->items, (size_t)cap * sizeof *items);
        if (!items) {
            sc->nomem = 1;
            return;
        }
        ix->items = items;
        ix->cap = cap;
    }
    char *p = strdup(path);
    if (!p) {
        sc->nomem = 1;
        return;
    }
    ix->items[ix->n++] = (JPosEntry){p, kl, kc, l, c};
}

/* Read a string token into buf (escapes kept simple: the escaped character itself). */
static void read_string(Scan *sc, char *buf, size_t size)
{
    size_t k = 0;
    advance(sc); /* opening quote */
    while (sc->i < sc->len && sc->s[sc->i] != '"') {
        char c = sc->s[sc->i];
        if (c == '\\') {
            advance(sc);
            if (sc->i >= sc->len)
                break;
            c = sc->s[sc->i];
        }
        if (k + 1 < size)
            buf[k++] = c;
        advance(sc);
    }
    if (sc->i < sc->len)
        advance(sc);
    buf[k] = 0;
}

static void value(Scan *sc, char *path, size_t plen, int kl, int kc);

static void value(Scan *sc, char *path, size_t plen, int kl, int kc)
{
    skip_ws(sc);
    if (sc->i >= sc->len || sc->nomem)
        return;
    int l = sc->line, c = sc->col;
    add(sc, path, kl < 0 ? l : kl, kl < 0 ? c : kc, l, c);
    char ch = sc->s[sc->i];
    if (ch == '{') {
        advance(sc);
        for (;;) {
            skip_ws(sc);
            if (sc->i >= sc->len)
                return;
            if (sc->s[sc->i] == '}') {
                advance(sc);
                return;
            }
            if (sc->s[sc->i] == ',') {
                advance(sc);
                continue;
            }
            int kl2 = sc->line, kc2 = sc->col;
            char key[128];
            read_string(sc, key, sizeof key);
            skip_ws(sc);
            if (sc->i < sc->len && sc->s[sc->i] == ':')
                advance(sc);
            size_t n = (size_t)snprintf(path + plen, 512 - plen, "%s%s", plen ? "." : "", key);
            value(sc, path, plen + (n < 512 - plen ? n : 0), kl2, kc2);
            path[plen] = 0;
            if (sc->nomem)
                return;
        }
    } else if (ch == '[') {
        advance(sc);
        int idx = 0;
        for (;;) {
            skip_ws(sc);
            if (sc->i >= sc->len)
                return;
            if (sc->s[sc->i] == ']') {
                advance(sc);
                return;
            }
            if (sc->s[sc->i] == ',') {
                advance(sc);
                continue;
            }
            size_t n = (size_t)snprintf(path + plen, 512 - plen, "[%d]", idx++);
            value(sc, path, plen + (n < 512 - plen ? n : 0), -1, -1);
            path[plen] = 0;
            if (sc->nomem)
                return;
        }
    } else if (ch == '"') {
        char skip[8];
        read_string(sc, skip, sizeof skip);
    } else {
        while (sc->i < sc->len && !strchr(",}] \t\r\n", sc->s[sc->i]))
            advance(sc);
    }
}

int jpos_build(JPosIndex *ix, const char *text, size_t len)
{
    memset(ix, 0, sizeof *ix);
    char path[512] = "";
    Scan sc = {text, len, 0, 1, 1, ix, 0};
    /* A UTF-8 byte order mark is not a character of the document. */
    if (len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB && (unsigned char)text[2] == 0xBF)
        sc.i = 3;
    value(&sc, path, 0, -1, -1);
    return sc.nomem ? -1 : 0;
}

void jpos_free(JPosIndex *ix)
{
    for (int i = 0; i < ix->n; i++)
        free(ix->items[i].path);
    free(ix->items);
    memset(ix, 0, sizeof *ix);
}

const JPosEntry *jpos_find(const JPosIndex *ix, const char *path)
{
    for (int i = 0; i < ix->n; i++)
        if (strcmp(ix->items[i].path, path) == 0)
            return &ix->items[i];
    return NULL;
}
