/**
 * @file log.h
 * @brief The command log: the save file and the replay. A log is the scenario's name and hash, the
 *        seed, the rule options, then every command, with the state hash after each turn. Replaying
 *        it rebuilds the game bit for bit, and names the first command after which it differs.
 *
 * Offers:
 *  - VlLog, vl_log_apply() (apply and record), vl_log_save() (temporary file, then rename),
 *    vl_log_load() (all or nothing, every line checked as strictly as a scenario), vl_log_replay().
 *  - VlLogPeek and vl_log_peek(): what a saves list shows of a log (its header and latest turn),
 *    read without loading the scenario or the commands; vl_log_peek_scenario() then says whether
 *    the scenario it names is still there and unchanged.
 *  - vl_log_scenario_hash(): the hash by which a log knows its scenario (of the scenario as
 *    loaded, not of the file's bytes, so re-indenting or rewording a scenario orphans no save).
 */
#ifndef VOLLEY_LOG_H
#define VOLLEY_LOG_H

#include "volley/game.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Version 2 names a shipped scenario by name and knows it by vl_log_scenario_hash(); version 1
/// (still read) knew it by the hash of the file's bytes.
#define VL_LOG_VERSION 2
/// The largest log read: a bigger file is refused from its size, before a byte is read. A 12-turn
/// game of the full battle is about 37 KB and 750 lines; the format allows 99 turns, some 6,000
/// lines. 4 MiB is over a hundred times the first and 50,000 entries eight times the second
/// (docs/game-log.md); at that count the entries in memory (about 830 bytes each) stay under 42 MB.
#define VL_LOG_MAX_BYTES (4u << 20)
/// The most command and check lines a log may have; counted before anything is parsed.
#define VL_LOG_MAX_ENTRIES 50000

typedef struct VlLogEntry {
    bool is_check;   ///< a state-hash check rather than a command
    VlCommand cmd;
    uint64_t hash;   ///< checks: the state hash expected here
    int turn;        ///< checks: the turn then
    int line;        ///< loaded logs: the line in the file
} VlLogEntry;

typedef struct VlLog {
    int version;             ///< VL_LOG_VERSION: loading brings an older log up to date (its hash too)
    char scenario_path[512]; ///< the scenario's full path when the game began
    char scenario_name[64];  ///< a scenario shipped with Volley: its name ("tutorial"), else ""
    uint64_t scenario_hash;  ///< vl_log_scenario_hash() of the scenario
    uint64_t seed;
    VlRuleOptions options;
    char players[64];
    int n, cap;
    VlLogEntry *e;
} VlLog;

void vl_log_init(VlLog *log, const VlScenario *s, uint64_t seed, const VlRuleOptions *options);
void vl_log_free(VlLog *log);
/// Apply a command to the game and, when accepted, record it (and a state check after each turn).
VlStatus vl_log_apply(VlLog *log, VlGame *g, const VlCommand *c, VlReasons *why);
/// Record the final state hash (call once the game is over or when saving mid-game).
void vl_log_checkpoint(VlLog *log, const VlGame *g);
/// Write the log: to a temporary file beside @p path, then renamed over it.
VlStatus vl_log_save(const VlLog *log, const VlScenario *s, const char *path, VlDiagList *diags);
/// Read a log and the scenario it names (a shipped one by its name in the data folder, else at the
/// path written, else beside the log), refusing with the line and how to fix it: a file that is not
/// a regular one or is over VL_LOG_MAX_BYTES, a NUL byte, a damaged line, an unknown field, a value
/// of the wrong type or out of range, a scenario gone or changed. Nothing is returned half-read: on
/// any problem both are freed and the problems listed.
VlStatus vl_log_load(const char *path, VlLog *log, VlScenario *scenario, VlDiagList *diags);
/// The hash a log keeps of its scenario: FNV-1a over everything the loaded scenario holds except
/// its prose (names, description, event texts), so a change of layout or wording keeps old saves
/// and a change of anything played (a unit moved, a rule of the scenario) is named as a change.
uint64_t vl_log_scenario_hash(const VlScenario *s);

/// A log's header and where it ended, as a list of saved games shows them.
typedef struct VlLogPeek {
    int version;             ///< the log's version
    char scenario_path[512]; ///< the scenario as the header names it
    char scenario_name[64];  ///< a shipped scenario's name, else ""
    uint64_t scenario_hash;
    uint64_t seed;
    VlRuleOptions options;
    char players[64];        ///< who played, as --players spells it ("" when the log does not say)
    int turn;                ///< the turn of the last state check (a save ends with one); 0 if none is found
    int entries;             ///< the closing line's count of entries; -1 if it is not found
} VlLogPeek;
/// Read a log's header line (checked as vl_log_load checks it) and its latest state check from the
/// end of the file; the commands are not read nor the scenario loaded, so this is cheap enough for
/// a list of many saves. VL_OK, or the problem listed.
VlStatus vl_log_peek(const char *path, VlLogPeek *out, VlDiagList *diags);
/// Find and load the scenario a peeked log (at @p log_path) names and check it is the one the game
/// was played on, as vl_log_load does: VL_OK with @p out loaded (the caller frees it), or the refusal
/// vl_log_load would give (VL_ERR_IO: not found or unreadable; VL_ERR_INVALID: it has changed) with
/// @p out freed.
VlStatus vl_log_peek_scenario(const char *log_path, const VlLogPeek *head, VlScenario *out, VlDiagList *diags);

typedef struct VlReplayResult {
    bool ok;
    int commands;        ///< commands replayed
    int checks;          ///< state checks passed
    int diverged_line;   ///< the log line of the first failing check or refused command, or 0
    uint64_t expected, actual;
    uint64_t final_hash;
    char message[768];
} VlReplayResult;
/// Re-run a loaded log. *out_game (may be NULL) receives the game at the end (caller destroys it).
VlStatus vl_log_replay(const VlLog *log, const VlScenario *s, VlGame **out_game, VlReplayResult *r);

#ifdef __cplusplus
}
#endif
#endif
