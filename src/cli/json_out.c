#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void jo_init(JsonOut *j, FILE *f, bool pretty)
{
    memset(j, 0, sizeof *j);
    j->f = f;
    j->pretty = pretty;
}

static void before_value(JsonOut *j)
{
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (j->need_comma[j->depth])
        fputc(',', j->f);
    if (j->pretty && j->depth > 0 && j->depth <= 2) {
        fputc('\n', j->f);
        for (int i = 0; i < j->depth; i++)
            fputs("  ", j->f);
    }
    j->need_comma[j->depth] = true;
}

static void open_(JsonOut *j, char c)
{
    before_value(j);
    fputc(c, j->f);
    if (j->depth < 63)
        j->depth++;
    j->need_comma[j->depth] = false;
}

static void close_(JsonOut *j, char c)
{
    bool had = j->need_comma[j->depth];
    if (j->depth > 0)
        j->depth--;
    if (j->pretty && had && j->depth < 2) {
        fputc('\n', j->f);
        for (int i = 0; i < j->depth; i++)
            fputs("  ", j->f);
    }
    fputc(c, j->f);
}

void jo_begin_object(JsonOut *j) { open_(j, '{'); }
void jo_end_object(JsonOut *j) { close_(j, '}'); }
void jo_begin_array(JsonOut *j) { open_(j, '['); }
void jo_end_array(JsonOut *j) { close_(j, ']'); }

static void raw_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

void jo_key(JsonOut *j, const char *key)
{
    before_value(j);
    raw_string(j->f, key);
    fputc(':', j->f);
    j->after_key = true; /* the value follows with no comma or newline of its own */
}

static void value_prefix(JsonOut *j) { before_value(j); }

void jo_string(JsonOut *j, const char *s)
{
    value_prefix(j);
    raw_string(j->f, s);
}

void jo_number(JsonOut *j, double x)
{
    value_prefix(j);
    if (!isfinite(x)) {
        fputs("null", j->f);
        return;
    }
    if (x == 0) {
        fputs("0", j->f); /* also for -0 */
        return;
    }
    char buf[40];
    for (int prec = 9; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    fputs(buf, j->f);
}

void jo_int(JsonOut *j, long long x)
{
    value_prefix(j);
    fprintf(j->f, "%lld", x);
}

void jo_bool(JsonOut *j, bool b)
{
    value_prefix(j);
    fputs(b ? "true" : "false", j->f);
}

void jo_null(JsonOut *j)
{
    value_prefix(j);
    fputs("null", j->f);
}

void jo_point(JsonOut *j, VlVec2 p)
{
    bool pretty = j->pretty;
    j->pretty = false;
    jo_begin_array(j);
    jo_number(j, p.x);
    jo_number(j, p.y);
    jo_end_array(j);
    j->pretty = pretty;
}

void jo_end(JsonOut *j) { fputc('\n', j->f); }
