/**
 * @file editor.h
 * @brief The scenario editor (issue 38): `volley edit [FILE]` and the menu's New table / Edit
 *        scenario, on the same table view as the game. The scenario and its undo stack are the
 *        core's VlEditDoc (include/volley/edit.h); the problems are the loader's; distances and sight
 *        are src/geom/'s. Nothing here re-implements a check.
 *
 * Files:
 *  - editor.c: the editor screen: open/close, the layout, the tools on the table (select, place
 *    units from the palette, drag, turn, nudge, several selected, a brigade as one; terrain drawn
 *    and reshaped; objectives), the events, the problems list drawn, the drawing.
 *  - editor_edits.c: the edits of the document (move, turn, nudge, delete, add a unit, brigade or
 *    objective, duplicate, finish a feature, delete a corner), the selection, the table rebuilt,
 *    the problems told with names, what is under the pointer, the palette.
 *  - editor_save.c: saving, Save as, leaving, play and sandbox from the edited table, undo/redo.
 *  - editor_internal.h: what those three share (VlUiEdPriv, the helpers), private to them.
 *  - editor_form.c: the forms: the selected thing's properties (unit, feature, objective, brigade),
 *    the scenario's own (name, description, year, theatre, table, turns, victory, sides), the muster
 *    rolls, and the text fields they use (textfield.c).
 *  - editor_form_commit.c: a form's field committed, each change one edit of the document;
 *    editor_form_internal.h is what it shares with editor_form.c.
 *
 * Offers (editor.c): vl_ui_editor_open(), vl_ui_editor_close(), vl_ui_editor_event(),
 * vl_ui_editor_update(), vl_ui_editor_draw(); (editor_edits.c): vl_ui_editor_problem_text(),
 * vl_ui_editor_set_tool(), vl_ui_editor_set_palette(); (editor_save.c): vl_ui_editor_save();
 * (editor_form.c): vl_ui_editor_form_*.
 */
#ifndef VOLLEY_UI_EDITOR_H
#define VOLLEY_UI_EDITOR_H

#include "volley/edit.h"
#include "volley/volley.h"

#include <SDL.h>

struct VlUiApp;

/// What a selection entry is.
typedef enum VlEdKind { VL_ED_NONE, VL_ED_UNIT, VL_ED_TERRAIN, VL_ED_OBJECTIVE } VlEdKind;

typedef struct VlEdRef {
    VlEdKind kind;
    int index;    ///< into doc.s.units, terrain or objectives
} VlEdRef;

#define VL_ED_SELECT_MAX 256

/// The editor's state (app->editor while the editor is open). editor.c owns the table tools and
/// the selection; editor_form.c owns the form fields (`form`), and reads the selection.
typedef struct VlUiEditor {
    VlEditDoc doc;
    VlEdRef sel[VL_ED_SELECT_MAX];  ///< what is selected (several: moved together)
    int nsel;
    int tool;                       ///< editor.c's tool in hand
    int seen_generation;            ///< doc.generation when the table was last rebuilt
    VlGame *view;                   ///< the edited table as a game (drawn by the scene), rebuilt on change
    struct VlUiForm *form;          ///< editor_form.c's state (NULL until it makes one)
    int problem_scroll;             ///< the problems list, scrolled
    struct VlUiEdPriv *priv;        ///< editor.c's own: the palette, the gesture, the feature being drawn
} VlUiEditor;

/* editor.c */
/// Open the editor on @p path (NULL: a new 72 x 48 in table). Problems loading it are posted and
/// returned; the screen stays where it was.
VlStatus vl_ui_editor_open(struct VlUiApp *app, const char *path);
/// Leave the editor (the caller has asked about unsaved edits) and free it.
void vl_ui_editor_close(struct VlUiApp *app);
void vl_ui_editor_event(struct VlUiApp *app, const SDL_Event *e);
void vl_ui_editor_update(struct VlUiApp *app, uint32_t now_ms);
void vl_ui_editor_draw(struct VlUiApp *app);
/// The sandbox's table (every unit where the sandbox has it) as a new scenario in the editor, not
/// saved yet (the sandbox is left).
VlStatus vl_ui_editor_from_sandbox(struct VlUiApp *app);
/// Save to @p path (NULL: the doc's own path; a new table goes into the user's scenarios folder,
/// beside the saves, named after the scenario). Says where it saved, or why not.
bool vl_ui_editor_save(struct VlUiApp *app, const char *path);
/// The problem @p d in words, every id in it replaced by the thing's name.
void vl_ui_editor_problem_text(const VlScenario *s, const VlDiag *d, char *out, size_t size);
/* For scripts and tests: the tool in hand by its word (select, unit, terrain, objective); a palette
 * choice (side 1|2|NAME, type infantry|cavalry|artillery|general, formation, quality, weapon,
 * terrain TYPE, level N, width IN); a button's rectangle by its word (the tools', the palette's
 * fields, undo, redo, save, play, sandbox, leave); the row of problem @p i when it is shown. */
bool vl_ui_editor_set_tool(struct VlUiApp *app, const char *word);
bool vl_ui_editor_set_palette(struct VlUiApp *app, const char *field, const char *value);
bool vl_ui_editor_button_rect(struct VlUiApp *app, const char *word, SDL_Rect *r);
bool vl_ui_editor_problem_rect(struct VlUiApp *app, int i, SDL_Rect *r);

/* editor_form.c */
/// The form panel for the current selection (or the scenario's own when nothing is selected):
/// drawn in @p area, the side panel's part above the problems list.
void vl_ui_editor_form_draw(struct VlUiApp *app, SDL_Rect area);
/// An event for the form: true when it took it (a click in its area, typing in a field that has
/// the focus), so the table's tools do not see it.
bool vl_ui_editor_form_event(struct VlUiApp *app, const SDL_Event *e, SDL_Rect area);
/// The selection or the document changed: the form reads its fields afresh.
void vl_ui_editor_form_refresh(struct VlUiApp *app);
void vl_ui_editor_form_free(struct VlUiApp *app);

#endif
