#include "volley/rules.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

void vl_reason_add(VlReasons *rs, const char *clause, bool ok, double value, int unit, int feature,
                   const char *fmt, ...)
{
    if (rs->n >= VL_MAX_REASONS)
        return;
    VlReason *r = &rs->r[rs->n++];
    /* The clause copied as snprintf("%s") would copy it (cut to fit, always ended), without the
     * formatting machinery: checks add reasons by the thousand. */
    size_t k = 0;
    for (; k + 1 < sizeof r->clause && clause[k]; k++)
        r->clause[k] = clause[k];
    r->clause[k] = '\0';
    r->ok = ok;
    r->value = value;
    r->unit = unit;
    r->feature = feature;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->text, sizeof r->text, fmt, ap);
    va_end(ap);
}

bool vl_reasons_refuse(const VlReasons *rs)
{
    for (int i = 0; i < rs->n; i++)
        if (!rs->r[i].ok)
            return true;
    return false;
}
