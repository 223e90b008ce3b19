/* The editor's forms' private parts, shared by their two files (editor_form.c: the form's state,
 * its rows built, laid out, focused, drawn and set by events; editor_form_commit.c: a field's value
 * committed as one edit of the document): the layout's sizes, the fields' keys, and the functions
 * one file gives the other. */
#ifndef VOLLEY_UI_EDITOR_FORM_INTERNAL_H
#define VOLLEY_UI_EDITOR_FORM_INTERNAL_H

#include "editor_form.h"

#include <stddef.h>

#define FONT 13
#define HEAD_FONT 15
#define LABEL_W 116
#define ROW_H 28
#define FIELD_H 22
#define PAD 12

enum {
    K_NONE,
    /* a unit */
    K_U_NAME, K_U_SHORT, K_U_SIDE, K_U_TYPE, K_U_FORM, K_U_MOUNTED, K_U_WEAPON, K_U_QUAL, K_U_BASES, K_U_BRIGADE,
    K_U_X, K_U_Y, K_U_FACING, K_U_ARR_TURN, K_U_ARR_EDGE, K_U_MUSTER,
    /* its brigade */
    K_B_NAME, K_B_COMMANDER,
    /* a feature */
    K_T_TYPE, K_T_NAME, K_T_LEVEL, K_T_WIDTH,
    /* an objective */
    K_O_NAME, K_O_POINTS, K_O_RADIUS, K_O_X, K_O_Y,
    /* several */
    K_M_SIDE, K_M_QUAL, K_M_MUSTER,
    /* the scenario */
    K_S_NAME, K_S_DESC, K_S_YEAR, K_S_THEATRE, K_S_WIDTH, K_S_HEIGHT, K_S_TURNS, K_S_BREAK, K_S_FIRST,
    K_S_SIDE0, K_S_SIDE1, K_S_CHARGES,
};

/* Choice values that are not indexes. */
enum { V_NONE = -1, V_NEW = -2 };

static const char *const EDGES[] = {"north", "south", "east", "west"};

/* ---- editor_form.c ---- */

void ef_copy(char *dst, size_t size, const char *src);
struct VlUiForm *ef_form_of(VlUiApp *app);
void ef_say(VlUiApp *app, bool bad, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int ef_allowed_formations(VlUnitType type, bool mounted, VlFormation out[4]);
bool ef_formation_allowed(VlUnitType type, bool mounted, VlFormation f);
int ef_allowed_weapons(VlUnitType type, VlWeapon out[4]);
bool ef_side_confederate(const VlScenario *s, int side);
int ef_free_labels(const VlScenario *s, int side, const char *out[VL_FIELD_WORDS_MAX], int max);
int ef_selected_units(const VlUiEditor *ed, int *out);

/* ---- editor_form_commit.c ---- */

bool ef_commit(VlUiApp *app, VlFormRow *r);

#endif
