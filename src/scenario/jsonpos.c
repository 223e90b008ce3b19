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

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Append code point cp to buf as UTF-8 (as jansson decodes keys, so that paths match). */
static void put_utf8(char *buf, size_t size, size_t *k, unsigned cp)
{
    char tmp[4];
    int n;
    if (cp < 0x80) {
        tmp[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        tmp[0] = (char)(0xC0 | (cp >> 6));
        tmp[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        tmp[0] = (char)(0xE0 | (cp >> 12));
        tmp[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        tmp[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        tmp[0] = (char)(0xF0 | (cp >> 18));
        tmp[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        tmp[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        tmp[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    for (int i = 0; i < n; i++)
        if (*k + 1 < size)
            buf[(*k)++] = tmp[i];
}

/* Read four hex digits after "\u"; -1 when malformed. */
static long read_hex4(Scan *sc)
{
    long v = 0;
    for (int i = 0; i < 4; i++) {
        if (sc->i >= sc->len)
            return -1;
        int h = hexval(sc->s[sc->i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
        advance(sc);
    }
    return v;
}

/* Read a string token into buf, decoding escapes as jansson does. */
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
            advance(sc);
            static const char from[] = "bfnrt", to[] = "\b\f\n\r\t";
            const char *e = c ? strchr(from, c) : NULL;
            if (c == 'u') {
                long cp = read_hex4(sc);
                if (cp >= 0xD800 && cp < 0xDC00 && sc->i + 1 < sc->len && sc->s[sc->i] == '\\' && sc->s[sc->i + 1] == 'u') {
                    advance(sc);
                    advance(sc);
                    long lo = read_hex4(sc);
                    if (lo >= 0xDC00 && lo < 0xE000)
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                }
                if (cp >= 0)
                    put_utf8(buf, size, &k, (unsigned)cp);
            } else if (k + 1 < size) {
                buf[k++] = e ? to[e - from] : c;
            }
            continue;
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
            size_t before = sc->i;
            value(sc, path, plen + (n < 512 - plen ? n : 0), kl2, kc2);
            path[plen] = 0;
            if (sc->i == before && sc->i < sc->len)
                advance(sc); /* a byte no JSON token starts with (a NUL jansson let through): step over it */
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
            size_t before = sc->i;
            value(sc, path, plen + (n < 512 - plen ? n : 0), -1, -1);
            path[plen] = 0;
            if (sc->i == before && sc->i < sc->len)
                advance(sc);
            if (sc->nomem)
                return;
        }
    } else if (ch == '"') {
        char skip[8];
        read_string(sc, skip, sizeof skip);
    } else {
        while (sc->i < sc->len && sc->s[sc->i] && !strchr(",}] \t\r\n", sc->s[sc->i]))
            advance(sc);
    }
}

static int cmp_entry(const void *a, const void *b)
{
    const JPosEntry *x = a, *y = b;
    int c = strcmp(x->path, y->path);
    /* The same path twice (a key repeated is refused by jansson, but stay total): first place first. */
    return c ? c : (x->line != y->line ? x->line - y->line : x->col - y->col);
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
    if (!sc.nomem && ix->n > 1)
        qsort(ix->items, (size_t)ix->n, sizeof *ix->items, cmp_entry);
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
    /* Sorted by path after the scan: a binary search, so that a file with many problems stays fast. */
    int lo = 0, hi = ix->n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strcmp(ix->items[mid].path, path);
        if (c == 0) {
            while (mid > 0 && strcmp(ix->items[mid - 1].path, path) == 0)
                mid--;
            return &ix->items[mid];
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}
