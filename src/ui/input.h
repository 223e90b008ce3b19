/**
 * @file input.h
 * @brief The game screen's input as a pure function: an SDL event, the gesture in progress and what
 *        the screen shows go in; one action comes out (select, pan, zoom, a command for the game...).
 *        It reads only the event's own coordinates and modifiers, never SDL's global mouse or
 *        keyboard state, so tests drive it with synthesized events.
 *
 * Offers:
 *  - VlUiAction: what the screen should do.
 *  - VlUiGesture: a drag in progress (movement, charge, sandbox placing, panning) and a chained order.
 *  - vl_ui_input(): event -> action.
 *  - vl_ui_unit_at(): the unit drawn under a pixel; vl_ui_gesture_pose(): where a chained order leaves
 *    its unit.
 *
 * Mouse: left click selects; in the movement phase a drag of the selected unit's body advances (or
 * falls back), a drag near a front corner wheels about the other end (turns a column, pivots guns),
 * shift-drag drifts; hold Ctrl on release to chain another step. In the charge phase drag from a unit
 * onto an enemy. In the fire phases click an enemy to aim, click it again to fire. Right or middle
 * drag (or a left drag on open ground) pans, the wheel zooms about the cursor.
 * Keys: Enter/Space end the phase; L line, C column, S skirmish, Q square, U limber/unlimber; R rally;
 * D double time / gallop for the next move; Ctrl+Z undo; 1-6 overlays; T test-charge sandbox; F fit the table; arrows pan; +/- zoom;
 * Ctrl+S save; Ctrl+O load the newest save; Esc cancels; Ctrl+Q quits.
 * Buttons (VlUiBar, built by vl_ui_buttons() in buttons.c from what is shown): the action bar under the table
 * (End phase, the selected unit's orders that fit the phase, Undo, Save), the standing orders, the
 * overlay and tool toggles. A left click on one (press and release on it) gives exactly the action
 * its key gives; the standing orders, which have no key, give a reactions command.
 */
#ifndef VOLLEY_UI_INPUT_H
#define VOLLEY_UI_INPUT_H

#include "camera.h"
#include "gfx.h"
#include "theme.h"
#include "volley/volley.h"

#include <SDL.h>

typedef enum VlUiActKind {
    VL_ACT_NONE,
    VL_ACT_SELECT,     ///< select .unit (-1: none)
    VL_ACT_PAN,        ///< move the view by (.dx, .dy) pixels
    VL_ACT_ZOOM,       ///< zoom by .factor about pixel (.x, .y)
    VL_ACT_FIT,        ///< show the whole table
    VL_ACT_PREVIEW,    ///< the gesture changed: redraw its ghost or charge preview
    VL_ACT_CANCEL,     ///< the gesture or chained order was dropped
    VL_ACT_COMMAND,    ///< apply .cmd to the game
    VL_ACT_AIM,        ///< fire phases: .unit aims at .target (preview only)
    VL_ACT_PLACE,      ///< sandbox: put .unit at .pose
    VL_ACT_HOVER,      ///< the unit under the cursor is now .unit (-1: none)
    VL_ACT_UNDO,       ///< take back the last order not yet resolved by dice
    VL_ACT_OVERLAY,    ///< toggle overlay .overlay (0..VL_UI_OVERLAYS - 1)
    VL_ACT_SANDBOX,    ///< enter or leave the test-charge sandbox
    VL_ACT_SAVE,       ///< save the game
    VL_ACT_LOAD,       ///< load the newest save
    VL_ACT_QUIT,       ///< the player wants to leave
    VL_ACT_SCROLL_LOG, ///< scroll the dice log by .dy entries (positive: older)
    VL_ACT_MESSAGE,    ///< tell the player .text (a key that does nothing here, and why)
    VL_ACT_NOTE,       ///< tell the player .text, a note on what a key did (not a refusal)
    VL_ACT_HELP,       ///< show or hide the key help
    VL_ACT_GAME_MENU,  ///< open the in-game menu (Esc with nothing in hand)
    VL_ACT_LABELS,     ///< the next label density (N): few, units, all (settings.h)
} VlUiActKind;

typedef struct VlUiAction {
    VlUiActKind kind;
    int unit, target, overlay;
    float x, y, dx, dy, factor;
    VlCommand cmd;
    VlPose pose;
    char text[160];
} VlUiAction;

typedef enum VlGestureKind {
    VL_GEST_NONE,
    VL_GEST_PAN,    ///< dragging the view
    VL_GEST_PRESS,  ///< button down on a unit, not moved far enough to be a drag yet
    VL_GEST_MOVE,   ///< dragging a movement step
    VL_GEST_CHARGE, ///< dragging a charge onto an enemy
    VL_GEST_PLACE,  ///< sandbox: dragging a unit anywhere
    VL_GEST_BUTTON, ///< the left button went down on a button: it acts if released on it
} VlGestureKind;

/// The overlays the keys 1-6 and the legend's buttons toggle (app.h names them, VL_OVERLAY_*).
#define VL_UI_OVERLAYS 6

/// Drags shorter than this many pixels are clicks.
#define VL_UI_DRAG_PX 4.0f
/// A wheel or turn leaving at least this many inches of the allowance is held for the rest of the
/// move (D-UI-ORD-1); one leaving less is sent at once.
#define VL_UI_HOLD_MIN_IN 0.25

typedef struct VlUiGesture {
    VlGestureKind kind;
    VlGestureKind intent; ///< for PRESS: what a drag will become
    int button;
    float x0, y0;         ///< where the button went down
    float lastx, lasty;   ///< the last pointer position seen
    int unit;             ///< the unit being dragged
    VlVec2 grab;          ///< the table point under the press
    VlStepKind step;      ///< movement: ADVANCE (or BACK), WHEEL, DRIFT, TURN or PIVOT
    VlPivot pivot;
    VlMoveOrder order;    ///< movement: chained steps, then the step being dragged
    int fixed;            ///< steps of order already held: chained (Ctrl on release) or a wheel held (D-UI-ORD-1)
    int target;           ///< charge: the enemy under the pointer, or -1
    bool rotate;          ///< sandbox: turning the unit rather than moving it
    VlPose start;         ///< sandbox: the unit's pose when the drag began
    int hover;            ///< the unit last reported under the pointer
    Uint16 mod;           ///< modifier keys as the last key event left them (Shift drifts, Ctrl chains)
    bool doubled;         ///< D: the next movement order at double time or gallop (GOR-MOVE-4)
    int pressed;          ///< BUTTON: the kind of the button pressed
    int pressed_arg;      ///< BUTTON: and its argument
} VlUiGesture;

/* ---- buttons ---- */

typedef enum VlUiButtonKind {
    VL_BTN_END_PHASE, ///< Enter: end the phase (or send a chained order)
    VL_BTN_LINE,      ///< L (cavalry: mounted)
    VL_BTN_COLUMN,    ///< C (cavalry: mounted)
    VL_BTN_SKIRMISH,  ///< S (cavalry: dismounted)
    VL_BTN_SQUARE,    ///< Q (cavalry: dismounted)
    VL_BTN_LIMBER,    ///< U: limber or unlimber guns
    VL_BTN_DOUBLE,    ///< D: double time or gallop for the next move
    VL_BTN_RALLY,     ///< R
    VL_BTN_UNDO,      ///< Ctrl+Z
    VL_BTN_SAVE,      ///< Ctrl+S
    VL_BTN_SANDBOX,   ///< T: the test-charge sandbox
    VL_BTN_HELP,      ///< H: the keys
    VL_BTN_OVERLAY,   ///< 1-6: overlay .arg
    VL_BTN_REACTION,  ///< a standing order, .arg its VL_REACT_* bit (D-GAME-2): no key
    VL_BTN_KIND_COUNT
} VlUiButtonKind;

typedef struct VlUiButton {
    VlUiButtonKind kind;
    int arg;
    SDL_Rect rect;
    bool enabled; ///< drawn dim when false (a click still gives the key's action, and so its reason)
    bool on;      ///< toggles: on; formations: the unit's own
    char label[80];
    char key[12]; ///< its key, shown small ("" none)
} VlUiButton;

#define VL_UI_MAX_BUTTONS 28
/* The buttons' text sizes and gaps: theme.h. */

typedef struct VlUiBar {
    int n;
    VlUiButton b[VL_UI_MAX_BUTTONS];
} VlUiBar;

/// Where the buttons go (a zero-sized rectangle: none there).
typedef struct VlUiBarAreas {
    SDL_Rect actions;  ///< the action bar under the table
    SDL_Rect orders;   ///< the standing orders' toggles, one a row
    SDL_Rect tools;    ///< the tool toggles (sandbox, keys), right-aligned in it
    SDL_Rect overlays; ///< the overlay toggles 1-6, left to right from its corner
} VlUiBarAreas;

/// What the screen shows, as the input function needs it.
typedef struct VlUiInputCtx {
    const VlGame *game; ///< the game shown (the sandbox copy in the sandbox)
    const VlCamera *cam;
    int selected;       ///< the selected unit or -1
    int aim;            ///< fire phases: the enemy aimed at, or -1
    bool sandbox;
    bool can_order;     ///< the side to play is a human at this screen
    SDL_Rect map;       ///< the table's part of the window; clicks elsewhere are not the table's
    SDL_Rect log_rect;  ///< the dice log: the wheel scrolls it
    bool replay;        ///< the replay viewer: no orders, no action bar
    bool help;          ///< the key help is shown
    unsigned overlays;  ///< bit o: overlay o is on
    unsigned reactions; ///< the side to play's standing orders (VL_REACT_* bits)
    const VlUiBar *bar; ///< the buttons on the screen, or NULL
} VlUiInputCtx;

/// A fresh gesture state (nothing under way).
void vl_ui_gesture_reset(VlUiGesture *g);
/// Map one event to one action, updating the gesture.
VlUiAction vl_ui_input(VlUiGesture *g, const VlUiInputCtx *ctx, const SDL_Event *e);
/// The unit drawn under window pixel (sx, sy), within a few pixels; the smallest when several; -1.
int vl_ui_unit_at(const VlWorld *w, const VlCamera *cam, float sx, float sy);
/// Where a chained order's fixed steps leave its unit (its current pose when none), and the footprint.
void vl_ui_gesture_pose(const VlWorld *w, const VlUiGesture *g, VlPose *pose, VlFormation *form, VlFootprint *fp);
/* ---- shared by input.c and buttons.c ---- */
/// Float pixel (x, y) is in @p r.
bool vl_ui_in_rectf(const SDL_Rect *r, float x, float y);
/// Unit @p u is there and belongs to the side to play.
bool vl_ui_is_mine(const VlUiInputCtx *ctx, int u);
/// A command of kind @p k by unit @p u at @p target (-1 none), facing unchanged.
VlCommand vl_ui_unit_command(VlCommandKind k, int u, int target);
/// The charge order of @p u at @p t under the game's charge rules, the path left to the resolver.
VlChargeOrder vl_ui_charge_order(const VlWorld *w, int u, int t);
/// L, C, S, Q, U for the selected unit: a formation change as the whole move (GOR-FORM-7), or why not.
VlUiAction vl_ui_formation_action(const VlUiInputCtx *ctx, SDL_Keycode key);

/* ---- the buttons (buttons.c) ---- */
/// The buttons that fit what is shown (phase, selected unit, whose turn), laid out in @p areas.
/// @p text measures labels (NULL: an estimate). Pure: the same inputs give the same buttons.
void vl_ui_buttons(VlUiBar *bar, const VlUiInputCtx *ctx, const VlUiGesture *g, const VlUiBarAreas *areas, VlText *text);
/// The button under window pixel (x, y), or NULL.
const VlUiButton *vl_ui_button_at(const VlUiBar *bar, float x, float y);
/// The first button of a kind (and, for overlays and standing orders, of an argument; -1 any), or NULL.
const VlUiButton *vl_ui_button_find(const VlUiBar *bar, VlUiButtonKind kind, int arg);
/// A button kind's name in scripts ("end-phase", "line", ..., "overlay", "reaction"); NULL if none.
const char *vl_ui_button_name(VlUiButtonKind kind);
/// The phase ending the current one leads to, as the End phase button says it ("fire phase",
/// "Union's artillery phase", "the end of the game").
void vl_ui_next_phase_label(const VlGame *g, char *out, size_t size);

#endif
