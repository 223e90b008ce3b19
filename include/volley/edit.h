/**
 * @file edit.h
 * @brief A scenario as the editor holds it: writing the documented format, checking an edited
 *        scenario with the loader's own checks, and undo and redo of every edit (issue 38).
 *
 * Offers:
 *  - vl_scenario_write_json() / vl_scenario_save_file(): a VlScenario as the JSON of
 *    docs/scenario-format.md (members at their defaults left out); the file through a synced
 *    temporary file and a rename (vl_write_text_file).
 *  - vl_scenario_clone(): a deep copy.
 *  - vl_scenario_check(): every problem `volley validate` would report of the scenario as written,
 *    found by writing it and reading it back with the loader (the editor has no checks of its own);
 *    vl_scenario_load_file_keep(): open a file saved with the problems of an edit half done;
 *    vl_scenario_problem_target(): which unit, feature, objective, brigade or member a problem's
 *    JSON path is about, so the editor can select and draw it.
 *  - VlEditDoc: the scenario being edited with its undo and redo stacks, its problems and whether
 *    it has changes not saved. An edit is vl_edit_begin() (a snapshot taken), then changes made to
 *    doc->s directly, then vl_edit_end() (the problems found again) or vl_edit_cancel().
 */
#ifndef VOLLEY_EDIT_H
#define VOLLEY_EDIT_H

#include "volley/scenario.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The scenario as the text of a scenario file (UTF-8, ends with a newline); NULL when out of
/// memory. *len gets its length. The caller frees it. Writing a loaded scenario and loading the
/// text gives the same scenario (the round trip): every member the loader read, nothing derived
/// that was not in the file. A unit's `brigade` is written from its brigade_label (from the brigade's
/// id when the label is empty and brigade >= 0): keep the two in step when moving a unit between
/// brigades. initial_order, when not NULL, must have nbrigades entries. Reals come out in their
/// shortest exact form, whole numbers as integers (docs/scenario-format.md "Written by the editor").
char *vl_scenario_write_json(const VlScenario *s, size_t *len);
/// Write the scenario to @p path through a temporary file, fsync and rename: an existing file is
/// replaced whole or not at all. On failure a problem naming the file is added to @p diags.
VlStatus vl_scenario_save_file(const VlScenario *s, const char *path, VlDiagList *diags);
/// A deep copy of @p src into @p dst (which it overwrites). VL_ERR_NOMEM leaves @p dst empty.
VlStatus vl_scenario_clone(const VlScenario *src, VlScenario *dst);
/// Every problem the loader finds in the scenario as vl_scenario_write_json writes it, appended to
/// @p diags (lines and columns are of that text). VL_OK when there is none.
VlStatus vl_scenario_check(const VlScenario *s, VlDiagList *diags);

/// Load a scenario file the editor saved while it still had problems a user makes while editing:
/// units overlapping, in a building or (a footprint, an anchor) off the table, a side with no
/// regiment or no units at all yet, a reinforcement not at its edge, a brigade commander who is not a
/// general of its side, a unit in a brigade of the other side, an objective off the table. When the
/// file parses and every problem is of those kinds, the scenario is kept: VL_OK, *kept true, the
/// problems still in @p diags (the caller frees the scenario). Any other problem refuses it as
/// vl_scenario_load_file() does (*kept false). Without problems it is vl_scenario_load_file().
VlStatus vl_scenario_load_file_keep(const char *path, VlScenario *out, VlDiagList *diags, bool *kept);
/// The same for text in memory; @p name is used in messages.
VlStatus vl_scenario_load_string_keep(const char *text, size_t len, const char *name, VlScenario *out,
                                      VlDiagList *diags, bool *kept);

/// What a problem is about.
typedef enum VlProblemKind {
    VL_PROBLEM_SCENARIO,  ///< the scenario as a whole (a top-level member, or none)
    VL_PROBLEM_UNIT,
    VL_PROBLEM_TERRAIN,
    VL_PROBLEM_OBJECTIVE,
    VL_PROBLEM_BRIGADE,
    VL_PROBLEM_SIDE,
    VL_PROBLEM_EVENT,
} VlProblemKind;

typedef struct VlProblemTarget {
    VlProblemKind kind;
    int index;  ///< into the scenario's units, terrain, objectives, brigades, sides or events; -1 for none
} VlProblemTarget;

/// The thing a problem's JSON path ("units[3].position", "terrain[0].polygon[2]",
/// "victory.objectives[1].radius", "brigades[2].commander") is about, as written by
/// vl_scenario_write_json.
VlProblemTarget vl_scenario_problem_target(const char *path);

#define VL_EDIT_UNDO_MAX 200

typedef struct VlEditDoc {
    VlScenario s;           ///< the scenario being edited: changed in place between begin and end
    char path[1024];        ///< where it is saved ("" for a new table not saved yet)
    bool dirty;             ///< edits since it was opened or last saved
    VlDiagList problems;    ///< what vl_scenario_check found after the last edit
    /* the stacks, oldest first: snapshots of s and what each edit was called */
    VlScenario *undo, *redo;
    char (*undo_what)[64], (*redo_what)[64];
    int nundo, nredo;
    bool open;              ///< between vl_edit_begin and vl_edit_end / vl_edit_cancel
    int generation;         ///< bumped by every change to s (edit, undo, redo, load): caches key on it
    int clean_at;           ///< nundo when s was as saved (or opened); -1 when that state is gone
} VlEditDoc;

/// Start editing @p s (the doc takes it over; s is left empty) saved at @p path (NULL or "" for a
/// new table). The problems are found at once.
VlStatus vl_edit_open(VlEditDoc *doc, VlScenario *s, const char *path);
/// A new table of @p width x @p height inches with two sides ("Union", "Confederate") and nothing
/// on it yet.
VlStatus vl_edit_new(VlEditDoc *doc, double width, double height);
void vl_edit_free(VlEditDoc *doc);
/// An edit starts: @p what ("move 20th Maine", "add corner") names it for the undo message. An edit
/// still open is ended first. With VL_EDIT_UNDO_MAX snapshots already, the oldest is dropped.
VlStatus vl_edit_begin(VlEditDoc *doc, const char *what);
/// The edit is done: the redo stack is cleared, the short names not given in the file derived again
/// from the names (as loading the file would), the problems found again, generation bumped, dirty
/// set (false again only when undo or redo comes back to the state last saved or opened).
void vl_edit_end(VlEditDoc *doc);
/// The edit is dropped: doc->s goes back to the snapshot vl_edit_begin took.
void vl_edit_cancel(VlEditDoc *doc);
/// Undo (redo) the last edit: false when there is none. @p what, when not NULL, gets its name. An
/// edit still open is ended first (so undo takes it back, and redo has nothing to do).
bool vl_edit_undo(VlEditDoc *doc, char *what, size_t size);
bool vl_edit_redo(VlEditDoc *doc, char *what, size_t size);
/// Save to @p path (NULL: doc->path). On success doc->path is set and dirty cleared, and doc->s's
/// file and hash become those of the file written (a game played from it names it by that hash).
VlStatus vl_edit_save(VlEditDoc *doc, const char *path, VlDiagList *diags);
/// An id not yet used by anything in the scenario: @p stem followed by the smallest number free
/// ("u12"). @p out may be the id of the thing being added, already in the scenario: it is not
/// counted.
void vl_edit_fresh_id(const VlScenario *s, const char *stem, char out[VL_ID_MAX]);

#ifdef __cplusplus
}
#endif
#endif
