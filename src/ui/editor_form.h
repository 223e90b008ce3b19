/**
 * @file editor_form.h
 * @brief The editor's forms (editor_form.c): the state behind vl_ui_editor_form_* (editor.h),
 *        and what tests and scripts need to drive them by real events.
 *
 * Offers:
 *  - struct VlUiForm: the rows of the form shown (headings, notes, fields), which field has the
 *    keyboard, the scroll, the muster dice (a PCG32 of its own) and the last message.
 *  - vl_ui_editor_form_field_rect(): where the field labelled @p label is now (to click it).
 *  - vl_ui_editor_form_enter(): a field set by its label through real events (script verbs).
 *  - vl_ui_editor_form_seed(): the muster dice from a fixed seed (tests, scripts).
 *
 * The editor screen's part: give every event to vl_ui_editor_form_event(app, e, area) before the
 * table's tools and stop when it returns true (a click in the area, the wheel over it, typing and
 * keys while one of its fields has the keyboard; a click outside commits the field being typed in
 * and returns false, so the table gets it; Ctrl keys with nothing typed return false too); draw it
 * with vl_ui_editor_form_draw(app, area) each frame (it fills the area). It rebuilds itself when
 * the selection or doc.generation changes, so vl_ui_editor_form_refresh() is needed only to force
 * it; vl_ui_editor_form_free() before the editor's state goes. Messages go to vl_ui_app_message
 * and under the form's fields.
 */
#ifndef VOLLEY_UI_EDITOR_FORM_H
#define VOLLEY_UI_EDITOR_FORM_H

#include "app.h"
#include "editor.h"
#include "textfield.h"

#define VL_FORM_ROWS 64
#define VL_FORM_WORD 48

typedef enum VlFormRowKind { VL_FORM_HEAD, VL_FORM_NOTE, VL_FORM_FIELD } VlFormRowKind;

typedef struct VlFormRow {
    VlFormRowKind kind;
    char text[520];                 ///< the heading, the note (a whole description) or the field's label
    int key;                        ///< what the field edits (editor_form.c's keys)
    VlUiField f;
    int vals[VL_FIELD_WORDS_MAX];   ///< a choice's word i stands for vals[i] (a formation, a brigade...)
    char words[VL_FIELD_WORDS_MAX][VL_FORM_WORD];
    int y, h;                       ///< its place in the form, before scrolling
} VlFormRow;

struct VlUiForm {
    VlFormRow rows[VL_FORM_ROWS];
    int nrows;
    int focus;          ///< the row whose field has the keyboard, -1 for none
    int scroll;         ///< pixels scrolled down
    int content_h;      ///< the rows' height
    SDL_Rect area;      ///< where it was last laid out
    uint64_t shown;     ///< the selection and the document's generation it was built from
    uint64_t sel_shown; ///< the selection alone (another one takes the keyboard from the field)
    bool built;
    VlRng dice;         ///< the muster rolls (GOR-QUAL-1, GOR-ARM-1)
    char note[240];     ///< the last thing it said (a roll, a refusal), under its fields
    bool note_bad;
};

/// The field labelled @p label in the form laid out in @p area (scrolled into view first); false
/// when the form shows no such field.
bool vl_ui_editor_form_field_rect(VlUiApp *app, SDL_Rect area, const char *label, SDL_Rect *out);
/// Set the field labelled @p label as a player would, by events: a text or number field is clicked,
/// emptied, typed into and Enter pressed; a choice is clicked until it shows @p value; a check box
/// is clicked when "yes"/"no" differs; a button is pressed (@p value ignored). False when there is
/// no such field, no such word, or the value is refused (the refusal is among the messages). For
/// scripts and tests.
bool vl_ui_editor_form_enter(VlUiApp *app, SDL_Rect area, const char *label, const char *value);
/// The muster dice start from @p seed (as `volley muster --seed`: PCG32 stream 1863).
void vl_ui_editor_form_seed(VlUiApp *app, uint64_t seed);

#endif
