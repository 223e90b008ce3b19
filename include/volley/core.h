/**
 * @file core.h
 * @brief Status codes, diagnostics and the seeded random number generator.
 *
 * Offers:
 *  - VlStatus and vl_status_str(): result codes with fixed text (after SQLite's rc + message).
 *  - VlDiag / VlDiagList: located problems (file, line, column, JSON path, unit, rule clause).
 *  - VlRng: PCG32 (O'Neill's permuted congruential generator), the only source of game randomness.
 *  - vl_read_text_file(): a whole text file read with a size limit, refusing pipes, devices and NULs.
 *  - vl_write_text_file(): a whole file written through a synced temporary file and a rename.
 *  - VL_ASSERT(cond, msg) and vl_assert_set_hook(): checks of broken invariants (an index out of its
 *    range, a state the code promises never to reach), never of input, with a hook tests can set.
 */
#ifndef VOLLEY_CORE_H
#define VOLLEY_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes. VL_OK is zero; every other code is a refusal with a message.
typedef enum VlStatus {
    VL_OK = 0,
    VL_ERR_IO,        ///< a file could not be opened, read or written
    VL_ERR_SYNTAX,    ///< the file is not well-formed JSON
    VL_ERR_SCHEMA,    ///< a field is unknown, missing or of the wrong type
    VL_ERR_INVALID,   ///< the content is well-typed but breaks a rule (overlap, off table, ...)
    VL_ERR_NOMEM,     ///< an allocation failed
    VL_ERR_USAGE,     ///< a command line was wrong
    VL_ERR_NOT_FOUND, ///< a named unit or feature does not exist
} VlStatus;

/// Fixed English text for a status code; never NULL.
const char *vl_status_str(VlStatus status);

/// One located problem. line/column are 1-based; 0 means unknown.
typedef struct VlDiag {
    VlStatus status;
    int line;
    int column;
    char path[128];    ///< JSON path such as "units[3].facing", or "" when not applicable
    char message[384]; ///< what is wrong and, where possible, how to fix it
} VlDiag;

/// A growable list of problems, owned by whoever runs the check.
typedef struct VlDiagList {
    char file[256]; ///< the file the problems are in ("" when none)
    VlDiag *items;
    int count;
    int capacity;
} VlDiagList;

/// Initialise an empty list for @p file (may be NULL).
void vl_diag_init(VlDiagList *list, const char *file);
/// Free the list's storage.
void vl_diag_free(VlDiagList *list);
/// Append a problem; message is printf-formatted. Returns @p status for convenience.
VlStatus vl_diag_add(VlDiagList *list, VlStatus status, int line, int column, const char *path,
                     const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/// Format one problem as "file:line:column: path: message" into @p buf.
void vl_diag_format(const VlDiagList *list, const VlDiag *d, char *buf, size_t size);
/// Print every problem of the list to @p f, one a line as vl_diag_format gives it, each after
/// @p indent (NULL for none).
void vl_diag_print(const VlDiagList *list, FILE *f, const char *indent);

/// PCG32 state. Plain data: copying it forks the stream, hashing it pins it.
typedef struct VlRng {
    uint64_t state;
    uint64_t inc;
} VlRng;

/// Seed a generator. Equal (seed, stream) pairs give equal sequences on every machine.
void vl_rng_seed(VlRng *rng, uint64_t seed, uint64_t stream);
/// Next uniformly distributed 32-bit value.
uint32_t vl_rng_next(VlRng *rng);
/// Uniform integer in [0, bound) without modulo bias; bound must be > 0.
uint32_t vl_rng_below(VlRng *rng, uint32_t bound);
/// One six-sided die, 1..6.
int vl_rng_d6(VlRng *rng);
/// Uniform double in [0, 1) with 53 random bits.
double vl_rng_unit(VlRng *rng);

/// What a failed VL_ASSERT calls: the source file and line, the condition's text and what it means.
/// The default hook prints one line to stderr and aborts. Bad input never reaches an assert: it is a
/// VlStatus with a message; an assert failing is a bug in Volley.
typedef void (*VlAssertHook)(const char *file, int line, const char *cond, const char *msg);
/// Set the hook (NULL restores the default) and return the one it replaces. It is the one process-wide
/// setting of the core, not game state: set it once, before any game runs (tests use it to catch a
/// broken invariant instead of aborting).
VlAssertHook vl_assert_set_hook(VlAssertHook hook);
/// Called by VL_ASSERT when its condition is false.
void vl_assert_fail(const char *file, int line, const char *cond, const char *msg);

/// Check an invariant. Compiled out with NDEBUG (the release build); on in every test build. The
/// condition must have no side effect, so the game is the same with or without it.
#ifdef NDEBUG
#define VL_ASSERT(cond, msg) ((void)0)
#else
#define VL_ASSERT(cond, msg) ((cond) ? (void)0 : vl_assert_fail(__FILE__, __LINE__, #cond, (msg)))
#endif

/// Read the whole of the text file @p path into a NUL-terminated buffer (*out, freed by the caller;
/// *len bytes without the terminator). Refused, each with a message in @p diags (its file set to
/// @p path when empty): a path that is not a regular file (a FIFO or device is never read, so the
/// call cannot block), a file over @p max_bytes (refused from its size before reading), a NUL byte
/// (located by line and column). @p what names the kind of file for messages ("a scenario").
VlStatus vl_read_text_file(const char *path, size_t max_bytes, const char *what, char **out, size_t *len,
                           VlDiagList *diags);

/// Write @p len bytes of @p text as the whole of @p path: to a temporary file beside it, synced,
/// renamed over the old file, then the folder synced, so a crash leaves the old file or the new one,
/// never half of either. False with the reason in @p err (the old file untouched).
bool vl_write_text_file(const char *path, const char *text, size_t len, char *err, size_t errsize);
/// Sync the folder holding @p path, so that a rename into it is durable (best effort).
void vl_sync_folder_of(const char *path);

/// The most threads vl_parallel_run starts.
#define VL_MAX_THREADS 16
/// The threads Volley shares a large question among: the environment's VOLLEY_THREADS when set (a
/// whole number; anything else counts as 1), else the processors online; 1 to VL_MAX_THREADS.
int vl_threads_default(void);
/// Run @p work(ctx, worker) on @p threads threads at once (0: vl_threads_default()), the calling thread
/// being worker 0, and return when all have finished. Returns how many ran (a thread that cannot be
/// started leaves its share to the others: work must take its share from ctx, an atomic counter of
/// the rows left, not from its worker number). Only for answers that each worker writes to its own
/// places, so that they do not depend on the thread count; never to change the game being played.
int vl_parallel_run(int threads, void (*work)(void *ctx, int worker), void *ctx);

/// FNV-1a 64-bit hash of bytes, chained through @p h (start with VL_HASH_INIT).
uint64_t vl_hash_bytes(uint64_t h, const void *data, size_t n);
#define VL_HASH_INIT 0xcbf29ce484222325ull

#ifdef __cplusplus
}
#endif
#endif
