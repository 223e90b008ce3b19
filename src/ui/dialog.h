/* The game screen's dialogues (dialog.c): one at a time over the table, each a title, up to two
 * lines and a column of buttons with their keys.
 *  - End of phase: ending the artillery, fire, charge or movement phase while units could still act
 *    asks once (vl_game_units_able says which); a setting turns it off.
 *  - The in-game menu (Esc with nothing in hand): resume, save, load, settings, main menu, quit.
 *  - Settings (settings_screen.c), from the main menu and the in-game menu: the computer's pause
 *    between orders, animations, asking before ending a phase, label density, the overlays a new
 *    game starts with, the "now you can" panel; each change is written to the settings file at once.
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
    int focus;        ///< VL_DIALOG_SETTINGS: the item the keyboard is on (VL_SET_*)
} VlUiDialog;

typedef struct VlDialogLayout {
    SDL_Rect box;
    SDL_Rect button[VL_UI_DIALOG_BUTTONS];
} VlDialogLayout;

/// The settings screen's items, top to bottom: five rows of choices, the six overlays a new game
/// starts with (check boxes, keys 1 to 6), and Back.
enum {
    VL_SET_PAUSE,      ///< the pause between the computer's orders (VL_UI_AI_PAUSES), key P
    VL_SET_ANIMATION,  ///< how other players' orders are shown (VL_UI_ANIM_*), key N
    VL_SET_CONFIRM,    ///< ask before ending a phase with units left, key A
    VL_SET_LABELS,     ///< label density (VL_UI_LABELS_*), key L
    VL_SET_PHASE_HELP, ///< the "now you can" panel, key Y
    VL_SET_OVERLAY0,   ///< the first of the VL_OVERLAY_COUNT overlay check boxes
    VL_SET_BACK = VL_SET_OVERLAY0 + 6,
    VL_SET_ITEMS
};
/// The most choices a settings row has.
#define VL_SET_MAX_CHOICES 4

/// Where the settings screen's parts are, in window pixels.
typedef struct VlSettingsLayout {
    SDL_Rect box;
    SDL_Rect row[VL_SET_OVERLAY0];                        ///< each row of choices, whole
    SDL_Rect choice[VL_SET_OVERLAY0][VL_SET_MAX_CHOICES]; ///< its choices (w 0: none)
    SDL_Rect overlay_head;                                ///< "Overlays a new game starts with"
    SDL_Rect overlay[6];                                  ///< the overlays' check boxes with their names
    SDL_Rect back;
    SDL_Rect hint;                                        ///< what the focused item means, at the foot
} VlSettingsLayout;

struct VlUiApp;
/// The settings screen's layout (the box centred in the window, at most 760 px wide).
void vl_ui_settings_layout(const struct VlUiApp *app, VlSettingsLayout *l);
/// How many choices settings row @p row has, the name of choice @p k, and the one now set.
int vl_ui_settings_choices(int row);
const char *vl_ui_settings_choice_name(int row, int k);
int vl_ui_settings_current(const struct VlUiApp *app, int row);
/// Set row @p row to choice @p k (overlay items: on when @p k is 0), and write the settings file.
void vl_ui_settings_set(struct VlUiApp *app, int item, int k);
/// An event on the settings screen; Esc (or Back) goes back: to the in-game menu over a game, else
/// it closes.
void vl_ui_settings_event(struct VlUiApp *app, const SDL_Event *e);
void vl_ui_draw_settings(struct VlUiApp *app);
/// Write the player's settings to their file (when the window has one); a failure is a message.
void vl_ui_settings_keep(struct VlUiApp *app);

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
