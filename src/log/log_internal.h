/* What the two halves of the command log share: log.c records, writes and replays a log, read.c
 * reads one and finds the scenario it names. */
#ifndef VOLLEY_LOG_INTERNAL_H
#define VOLLEY_LOG_INTERNAL_H

#include "volley/log.h"

/* A new zeroed entry at the end of @p log, growing it; NULL when out of memory. */
VlLogEntry *vl_log_push(VlLog *log);
/* The name of a scenario shipped with Volley (a .json file right in the data folder's scenarios/),
 * into @p out; "" for any other scenario. */
void vl_log_shipped_name(const char *file, char *out, size_t size);

#endif
