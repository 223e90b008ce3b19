/* The game screen's dialogues (dialog.c): one at a time over the table, each a title, up to two
 * lines and a column of buttons with their keys.
 *  - End of phase: ending the artillery, fire, charge or movement phase while units could still act
 *    asks once (vl_game_units_able says which); a setting turns it off.
 *  - The in-game menu (Esc with nothing in hand): resume, save, load, settings, main menu, quit.
 *  - Settings: ask before ending a phase, the computer's pause between orders.
 *  - Leaving with orders not saved: save and leave, leave, or stay.
 * Layout (vl_ui_dialog_layout) is shared by drawing, clicks and tests. */
#ifndef VOLLEY_UI_DIALOG_H
#define VOLLEY_UI_DIALOG_H

#include <SDL.h>
#include <stdbool.h>

typedef enum VlUiDialogKind {
    VL_DIALOG_NONE,
    VL_DIALOG_END_PHASE,
    VL_DIALOG_GAME_MENU,
    VL_DIALOG_SETTINGS,
    VL_DIALOG_LEAVE,
} VlUiDialogKind;

typedef enum VlUiChoice {
    VL_CHOICE_RESUME,
    VL_CHOICE_END_PHASE,
    VL_CHOICE_SAVE,
    VL_CHOICE_LOAD,
    VL_CHOICE_SETTINGS,
    VL_CHOICE_MAIN_MENU,
    VL_CHOICE_QUIT,
    VL_CHOICE_TOGGLE_CONFIRM,
    VL_CHOICE_AI_PAUSE,
    VL_CHOICE_BACK,
    VL_CHOICE_SAVE_AND_LEAVE,
    VL_CHOICE_LEAVE,
} VlUiChoice;

#define VL_UI_DIALOG_BUTTONS 8

typedef struct VlUiDialogButton {
    char label[200];
    SDL_Keycode key;
    VlUiChoice choice;
} VlUiDialogButton;

typedef struct VlUiDialog {
    VlUiDialogKind kind;
    char title[120];
    char line[2][240];
    int n;
    VlUiDialogButton b[VL_UI_DIALOG_BUTTONS];
    bool leave_quits; ///< VL_DIALOG_LEAVE: leaving quits the program (else: to the main menu)
} VlUiDialog;

typedef struct VlDialogLayout {
    SDL_Rect box;
    SDL_Rect button[VL_UI_DIALOG_BUTTONS];
} VlDialogLayout;

struct VlUiApp;
/// Open dialogue @p kind, its texts and buttons made from what the app shows now.
void vl_ui_dialog_open(struct VlUiApp *app, VlUiDialogKind kind);
/// Where the open dialogue's box and buttons are.
void vl_ui_dialog_layout(const struct VlUiApp *app, VlDialogLayout *l);
/// An event while a dialogue is open: a button's key or a click on it acts; Esc closes (or goes
/// back from the settings to the menu). Every event goes to the dialogue while it is open.
void vl_ui_dialog_event(struct VlUiApp *app, const SDL_Event *e);
/// Act as button @p choice of the open dialogue does (exposed for tests and scripts).
void vl_ui_dialog_choose(struct VlUiApp *app, VlUiChoice choice);
void vl_ui_draw_dialog(struct VlUiApp *app);
/// The player ends the phase: true when that asks first (the end-of-phase dialogue is now open and
/// the phase goes on), false when the phase may end at once.
bool vl_ui_end_phase_asks(struct VlUiApp *app);

#endif
