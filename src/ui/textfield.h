/**
 * @file textfield.h
 * @brief The small input widgets of the editor's forms (editor_form.c) and of file names (Save as):
 *        a one-line text field, a number field, a choice among a few words, a check box and a
 *        button, driven by real SDL events and drawn with the panels' text and shapes.
 *
 * Offers:
 *  - VlUiField and its makers: vl_ui_field_text(), vl_ui_field_number(), vl_ui_field_choice(),
 *    vl_ui_field_check(), vl_ui_field_button().
 *  - vl_ui_field_event(): one SDL event for a field (a click at window pixels in f->rect, typing
 *    with SDL_TEXTINPUT, Backspace and Delete by whole UTF-8 characters, Left/Right/Home/End,
 *    Enter commits, Esc reverts, Tab and Shift-Tab ask for the next or previous field; on a choice
 *    Left/Right and clicks cycle its words; Space ticks a check box). The caller decides which
 *    field has the focus; vl_ui_field_focus() / vl_ui_field_blur() start and stop SDL's text input.
 *  - vl_ui_field_value(): a number field's text read with strtod and checked against its range,
 *    with a message naming the range when it is refused; vl_ui_field_set_text().
 *  - vl_ui_field_draw(): the field's box in f->rect (its label is the caller's).
 */
#ifndef VOLLEY_UI_TEXTFIELD_H
#define VOLLEY_UI_TEXTFIELD_H

#include "gfx.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

typedef enum VlUiFieldKind {
    VL_FIELD_TEXT,   ///< any text up to cap bytes of UTF-8
    VL_FIELD_NUMBER, ///< a number in [lo, hi] (whole when integer); empty allowed when may_be_empty
    VL_FIELD_CHOICE, ///< one of nwords words (index -1: none of them, shown as `mixed`)
    VL_FIELD_CHECK,  ///< on or off
    VL_FIELD_BUTTON, ///< pressed (a click, Enter or Space while it has the focus)
} VlUiFieldKind;

/// What an event did to a field.
typedef enum VlUiFieldResult {
    VL_FIELD_IGNORED,  ///< not for this field
    VL_FIELD_TOOK,     ///< taken (typing, the cursor moved, focus): nothing to commit yet
    VL_FIELD_COMMIT,   ///< Enter (or a choice, check box or button changed): the caller commits it
    VL_FIELD_NEXT,     ///< Tab: commit, then the next field
    VL_FIELD_PREV,     ///< Shift-Tab: commit, then the previous field
    VL_FIELD_REVERTED, ///< Esc: the text is back as it was when the field took the focus
    VL_FIELD_REFUSED,  ///< typing refused (too long): f->why says why
} VlUiFieldResult;

#define VL_FIELD_TEXT_MAX 512
#define VL_FIELD_WORDS_MAX 64

typedef struct VlUiField {
    VlUiFieldKind kind;
    SDL_Rect rect;                 ///< where it is drawn and clicked (window pixels), set by the caller
    bool focus;                    ///< it has the keyboard
    bool enabled;                  ///< false: drawn dim, takes nothing
    /* text and number fields */
    char text[VL_FIELD_TEXT_MAX];  ///< what is shown and edited
    char saved[VL_FIELD_TEXT_MAX]; ///< the text when it took the focus (Esc goes back to it)
    int cap;                       ///< most bytes the text may hold (at most VL_FIELD_TEXT_MAX - 1)
    int cursor;                    ///< byte offset of the caret, always at a character's start
    bool edited;                   ///< typed into since it took the focus
    double lo, hi;                 ///< a number's range
    bool integer;                  ///< a whole number only
    bool may_be_empty;             ///< an empty number field means "none" (value: NAN)
    const char *unit;              ///< shown after the range in messages ("in", "deg"), or NULL
    /* choices */
    const char *words[VL_FIELD_WORDS_MAX];
    int nwords;
    int index;                     ///< the word chosen, -1 for none (several selected differ)
    /* check boxes */
    bool on;
    char why[160];                 ///< the last refusal, for the caller's message
} VlUiField;

/// A text field holding @p value, at most @p cap bytes.
void vl_ui_field_text(VlUiField *f, const char *value, int cap);
/// A number field holding @p value (NAN: empty) in [lo, hi] (infinite ends: no bound); @p integer:
/// whole numbers only. Set f->may_be_empty after it when an empty field means none.
void vl_ui_field_number(VlUiField *f, double value, double lo, double hi, bool integer, const char *unit);
/// A choice among @p n words (kept by pointer: static strings or strings that outlive the field).
void vl_ui_field_choice(VlUiField *f, const char *const *words, int n, int index);
void vl_ui_field_check(VlUiField *f, bool on);
/// A button whose label is @p label (kept by pointer).
void vl_ui_field_button(VlUiField *f, const char *label);

/// Replace a text or number field's text (the caret goes to its end; the saved text too).
void vl_ui_field_set_text(VlUiField *f, const char *s);
/// The field takes the keyboard (SDL_StartTextInput for text and numbers), its text saved for Esc.
void vl_ui_field_focus(VlUiField *f);
/// The field lets go of the keyboard (SDL_StopTextInput).
void vl_ui_field_blur(VlUiField *f);
/// One event. Clicks (window pixels) in f->rect give a field the focus (the caret where clicked)
/// or cycle a choice (its left quarter goes back) or tick a box or press a button; the keyboard and
/// SDL_TEXTINPUT act only on the field that has the focus. @p text measures the caret's place.
VlUiFieldResult vl_ui_field_event(VlUiField *f, const SDL_Event *e, VlText *text, int font);
/// A number field's value: true with *out (NAN for an empty field that may be empty), or false
/// with a message in @p why naming the range ("Facing: expected a number from 0 to 360 deg").
bool vl_ui_field_value(const VlUiField *f, const char *label, double *out, char *why, size_t size);
/// Draw the field in f->rect with @p text at @p font pixels.
void vl_ui_field_draw(SDL_Renderer *r, VlText *text, int font, const VlUiField *f);

/// Formatting a number for a field: whole numbers without a fraction, others to 2 decimals.
void vl_ui_field_format(double v, char *buf, size_t size);

#endif
