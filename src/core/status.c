#include "volley/core.h"

const char *vl_status_str(VlStatus status)
{
    switch (status) {
    case VL_OK: return "ok";
    case VL_ERR_IO: return "file could not be read or written";
    case VL_ERR_SYNTAX: return "not well-formed JSON";
    case VL_ERR_SCHEMA: return "unknown, missing or ill-typed field";
    case VL_ERR_INVALID: return "invalid content";
    case VL_ERR_NOMEM: return "out of memory";
    case VL_ERR_USAGE: return "wrong command line";
    case VL_ERR_NOT_FOUND: return "not found";
    }
    return "unknown status";
}

uint64_t vl_hash_bytes(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}
