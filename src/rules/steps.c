/* Movement steps as words ("advance:5", "wheel:30:left", "form:column:keep=1"): the command line's
 * syntax and the command log's. vl_step_format writes what vl_step_parse reads back exactly. */
#include "volley/rules.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool parse_number(const char *s, double *out)
{
    char *end;
    *out = strtod(s, &end);
    return end != s && *end == 0 && isfinite(*out);
}

/* Parse one step word; on error print why and return false. */
bool vl_step_parse(const char *word, VlStep *st, char *err, size_t errsize)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", word);
    char *parts[6] = {0};
    int np = 0;
    for (char *tok = strtok(buf, ":"); tok && np < 6; tok = strtok(NULL, ":"))
        parts[np++] = tok;
    memset(st, 0, sizeof *st);
    st->keep_base = -1;
    st->facing = NAN;
    st->pivot = VL_PIVOT_CENTRE;
    st->mounted = true;
    if (np == 0)
        goto bad;
    static const struct {
        const char *name;
        VlStepKind kind;
        bool needs_amount;
    } kinds[] = {{"advance", VL_STEP_ADVANCE, true}, {"back", VL_STEP_BACK, true},   {"drift", VL_STEP_DRIFT, true},
                 {"wheel", VL_STEP_WHEEL, true},     {"turn", VL_STEP_TURN, true},   {"about", VL_STEP_ABOUT, false},
                 {"pivot", VL_STEP_PIVOT, true},     {"form", VL_STEP_FORM, false}};
    int k = -1;
    for (int i = 0; i < 8; i++)
        if (strcmp(parts[0], kinds[i].name) == 0)
            k = i;
    if (k < 0)
        goto bad;
    st->kind = kinds[k].kind;
    if (st->kind == VL_STEP_FORM) {
        int f = np > 1 ? vl_formation_parse(parts[1]) : -1;
        if (f < 0) {
            snprintf(err, errsize, "\"%s\": form needs a formation (line, skirmish, column, square, unlimbered, limbered)",
                     word);
            return false;
        }
        st->formation = (VlFormation)f;
        for (int i = 2; i < np; i++) {
            if (strncmp(parts[i], "keep=", 5) == 0)
                st->keep_base = atoi(parts[i] + 5);
            else if (strncmp(parts[i], "facing=", 7) == 0 && parse_number(parts[i] + 7, &st->facing))
                ;
            else if (strcmp(parts[i], "dismounted") == 0)
                st->mounted = false;
            else if (strcmp(parts[i], "mounted") == 0)
                st->mounted = true;
            else
                goto bad;
        }
        return true;
    }
    if (kinds[k].needs_amount) {
        if (np < 2 || !parse_number(parts[1], &st->amount))
            goto bad;
    } else if (np > 1) {
        goto bad;
    }
    if (np > 2) {
        if (st->kind != VL_STEP_WHEEL && st->kind != VL_STEP_PIVOT)
            goto bad;
        if (strcmp(parts[2], "left") == 0)
            st->pivot = VL_PIVOT_LEFT;
        else if (strcmp(parts[2], "right") == 0)
            st->pivot = VL_PIVOT_RIGHT;
        else if (strcmp(parts[2], "centre") == 0 || strcmp(parts[2], "center") == 0)
            st->pivot = VL_PIVOT_CENTRE;
        else
            goto bad;
    } else if (st->kind == VL_STEP_WHEEL) {
        /* A wheel to the right pivots on the right end, to the left on the left end. */
        st->pivot = st->amount >= 0 ? VL_PIVOT_RIGHT : VL_PIVOT_LEFT;
    }
    return true;
bad:
    snprintf(err, errsize, "cannot read step \"%s\"", word);
    return false;
}


void vl_step_format(const VlStep *st, char *buf, size_t size)
{
    static const char *const pivots[] = {"left", "right", "centre"};
    switch (st->kind) {
    case VL_STEP_ABOUT: snprintf(buf, size, "about"); return;
    case VL_STEP_FORM: {
        int n = snprintf(buf, size, "form:%s", vl_formation_name(st->formation));
        if (st->keep_base >= 0 && n >= 0 && (size_t)n < size)
            n += snprintf(buf + n, size - (size_t)n, ":keep=%d", st->keep_base);
        if (isfinite(st->facing) && n >= 0 && (size_t)n < size)
            n += snprintf(buf + n, size - (size_t)n, ":facing=%.17g", st->facing);
        /* Only cavalry on foot (skirmish or square) is "dismounted"; other units ignore the flag. */
        if (!st->mounted && (st->formation == VL_FORM_SKIRMISH || st->formation == VL_FORM_SQUARE) && n >= 0 &&
            (size_t)n < size)
            snprintf(buf + n, size - (size_t)n, ":dismounted");
        return;
    }
    case VL_STEP_WHEEL:
    case VL_STEP_PIVOT:
        snprintf(buf, size, "%s:%.17g:%s", vl_step_kind_name(st->kind), st->amount, pivots[st->pivot % 3]);
        return;
    default: snprintf(buf, size, "%s:%.17g", vl_step_kind_name(st->kind), st->amount); return;
    }
}
