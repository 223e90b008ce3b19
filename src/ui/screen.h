/**
 * @file screen.h
 * @brief The state of each of the screen's parts, as plain structs (no functions): the new-game
 *        menu, the game screen's view of the table (the replay viewer shares it), the hand-over, the
 *        replay viewer, the computer players, and the caches of the table's drawing. VlUiApp (app.h)
 *        holds one of each; the files named on each struct are the ones that change it.
 *
 * Offers:
 *  - VlScreen, the overlays (VL_OVERLAY_*), VlUiPlayer.
 *  - VlUiMenuScreen (menu.c), VlSaveInfo (saves.c).
 *  - VlUiView: selection, gesture, overlays, help, previews (previews.c), the unit card (panels.c).
 *  - VlUiHandoverScreen, VlReplayView (replay.c), VlUiComputer (think.c), VlUiWatch (animate.c,
 *    summary.c), VlUiTableCache (scene.c, overlays.c), VlUiRects (layout.c), VlUiMessage.
 */
#ifndef VOLLEY_UI_SCREEN_H
#define VOLLEY_UI_SCREEN_H

#include "camera.h"
#include "gfx.h"
#include "input.h"
#include "labels.h"
#include "theme.h"
#include "volley/volley.h"

/// VL_SCREEN_EDITOR: the scenario editor (editor.c, issue 38), on the same table view as the game.
typedef enum VlScreen { VL_SCREEN_MENU, VL_SCREEN_GAME, VL_SCREEN_HANDOVER, VL_SCREEN_REPLAY, VL_SCREEN_EDITOR } VlScreen;

/// Overlays, toggled by keys 1 to 6.
enum {
    VL_OVERLAY_FIRE,     ///< 1: fire corridors and artillery arcs
    VL_OVERLAY_ZONES,    ///< 2: primary zones (12 in ahead of the front)
    VL_OVERLAY_COMMAND,  ///< 3: command radius (8 in from each brigade commander)
    VL_OVERLAY_THREATS,  ///< 4: threatened flanks and rear
    VL_OVERLAY_MOVE,     ///< 5: movement allowance ahead of each unit of the side to play
    VL_OVERLAY_PLAN,     ///< 6: the computer's plan: its orders, their reasons, its brigades' goals
    VL_OVERLAY_COUNT
};
_Static_assert(VL_OVERLAY_COUNT == VL_UI_OVERLAYS, "the input's overlay keys and buttons are the app's overlays");

/// Who plays a side at this screen (the words of --players and the saves: vl_players_parse).
typedef VlPlayer VlUiPlayer;

#define VL_UI_HUMAN ((VlUiPlayer){VL_PLAYER_HUMAN, VL_AI_NORMAL})
/// The computer opponent a side gets when nothing else is said: the commander at normal.
#define VL_UI_COMPUTER ((VlUiPlayer){VL_PLAYER_AI, VL_AI_NORMAL})

/* ---- the new-game menu ---- */

/// A saved game as the menu lists it.
typedef struct VlSaveInfo {
    char path[1024];
    char name[256];   ///< the file's name
    char info[200];   ///< turn, players and when it was written
    int64_t mtime_ns; ///< when it was written, ns since the epoch
    bool unplayable;  ///< it cannot be read, or its scenario is gone or changed: listed greyed, info says why
} VlSaveInfo;

/// The new-game menu: the scenarios listed, who will play, the saved games.
typedef struct VlUiMenuScreen {
    int nscen;
    char (*scen_path)[512];
    char (*scen_name)[VL_NAME_MAX];
    char (*scen_sides)[2][VL_NAME_MAX];
    char (*scen_desc)[512];  ///< its description, or for a broken one its first problem
    bool *scen_broken;       ///< the file does not load: listed greyed with its first problem
    VlRuleOptions *scen_rules; ///< the rules its own "rules" object asks for (Good Old Rebel alone without)
    bool *scen_user;         ///< one of the player's own tables (vl_ui_user_scenarios_dir), listed after the shipped ones
    int scen_scroll;         ///< scenario rows scrolled past at the top of the list
    int sel;                 ///< the scenario chosen
    VlUiPlayer player[2];    ///< who will play each side (the menu's toggles and levels)
    VlUiPlayer computer[2];  ///< the computer a side had before it was switched to a human
    VlSaveInfo *saves;       ///< the saved games, newest first
    int nsaves;
    int save_sel;            ///< the save Continue and Watch act on
    int save_scroll;         ///< rows scrolled past at the top of the list
    bool rules_open;         ///< the Rules screen (rules_screen.c) is up over the menu
} VlUiMenuScreen;

/* ---- the game screen ---- */

/// What the fire preview found: target, range, line of fire, and the game's verdict.
typedef struct VlFirePreview {
    int unit, target;
    int rule_target;    ///< small arms: the enemy GOR-FIRE-1 makes it fire at (-1 none)
    int blocked_by;     ///< small arms: the friend that blocks (GOR-FIRE-6), or -1
    double range;
    VlSight sight;
    VlCover cover;
    bool legal;
    VlReasons why;
    VlFireProspect odds; ///< the dice the game would roll, at odds.target (vl_fire_prospect)
} VlFirePreview;

/// The unit card's rulings, worked out for unit `unit` at state `hash` (panels.c).
typedef struct VlUiCard {
    int unit;
    uint64_t hash;
    int threat[4];
    int nsup;
    int sup[8];
    int fire, fire_blocked;
} VlUiCard;

/// The game screen's view of the table (the replay viewer's too): what the player has in hand and
/// what the screen shows of it.
typedef struct VlUiView {
    VlUiGesture gesture;
    int selected, aim, hover;
    bool overlay[VL_OVERLAY_COUNT];
    bool help;
    bool symbols;         ///< the key to the unit symbols is shown (K; legend.c)
    int log_scroll;       ///< dice-log entries scrolled back from the newest
    bool confirm_quit;    ///< the quit dialogue is open
    VlUiBar buttons;      ///< the buttons as last built (vl_ui_app_buttons)
    /* the previews of the ruling in hand */
    bool have_move;
    VlMoveVerdict move;
    bool have_charge;
    VlChargeVerdict charge;
    bool have_fire;
    VlFirePreview fire;
    VlUiCard card;
} VlUiView;

/// The test-charge sandbox's comparison (compare.c): the charge in hand under each charge system.
typedef struct VlUiCompare {
    bool have;              ///< a charge is in hand (a unit selected, an enemy pointed at)
    int shown;              ///< whose path the table draws (VlChargeRules), or -1: the game's own
    VlChargeVerdict v[3];   ///< Good Old Rebel, JR III, Gunson
} VlUiCompare;

/// Where the panels are, in window pixels (layout.c).
typedef struct VlUiRects {
    SDL_Rect map;     ///< the table's viewport
    SDL_Rect bar;     ///< the phase bar at the top
    SDL_Rect side;    ///< the side panel
    SDL_Rect log;     ///< the dice log in the side panel
    SDL_Rect action;  ///< the action bar under the table (the replay controls in the viewer)
    SDL_Rect orders;  ///< the standing orders' toggles, at the foot of the side panel
    SDL_Rect phase;   ///< the "now you can" panel, in the side panel above the dice log (w 0: not shown)
} VlUiRects;

/// The measuring tape and the line-of-sight probe (tools.c), in play, the sandbox and the editor.
#define VL_UI_TAPES_MAX 16
typedef enum VlUiToolKind { VL_TOOL_NONE, VL_TOOL_TAPE, VL_TOOL_SIGHT } VlUiToolKind;
/// One end of a tape or sight line: a unit (its footprint) or a point on the table.
typedef struct VlUiToolEnd {
    int unit;    ///< a unit of the table shown, or -1 for a point
    VlVec2 at;   ///< the point (for a unit: where it was grabbed)
} VlUiToolEnd;
typedef struct VlUiTape {
    VlUiToolKind kind;  ///< VL_TOOL_TAPE or VL_TOOL_SIGHT
    VlUiToolEnd a, b;
} VlUiTape;
typedef struct VlUiTools {
    VlUiToolKind active;   ///< the tool in hand (NONE: the screen's own gestures)
    bool dragging;
    VlUiTape live;         ///< the one being dragged
    VlUiTape pinned[VL_UI_TAPES_MAX];
    int npinned;
    uint64_t table;        ///< the scenario hash of the table they were drawn on: another table drops them
    /// The texts drawn in the last frame (pinned first, then the live one), for the screen tests.
    int ndrawn;
    struct {
        VlLabelBox box;
        char text[640];
    } drawn[VL_UI_TAPES_MAX + 1];
} VlUiTools;

typedef struct VlUiMessage {
    char text[240];
    bool bad;      ///< a refusal (shown in red)
    uint32_t at;   ///< when it was posted, ms
} VlUiMessage;

#define VL_UI_MESSAGES 5
/// How long a message stays on screen, ms.
#define VL_UI_MESSAGE_MS 12000u

/* ---- the hand-over between hot-seat players ---- */

typedef struct VlUiHandoverScreen {
    int side; ///< the side whose player is to take the seat
} VlUiHandoverScreen;

/* ---- the replay viewer ---- */

/// The replay viewer: a saved game and the step it shows (k commands applied).
typedef struct VlReplayView {
    char path[1024];
    VlLog log;
    int ncmd;
    int *entry;         ///< log entry of each command
    int *turn_at, *phase_at, *side_at; ///< state after k commands, k = 0..ncmd
    int k;
    VlGame **snap;      ///< the game after every VL_REPLAY_SNAP commands
    int nsnap;
    bool playing;
    uint32_t due;
    int speed_ms;
    bool dragging;      ///< the slider is held
    bool open;          ///< a saved game is open in the viewer
    VlTurnSummary *sums; ///< each player turn's summary, in order (summary.h), worked out when opened
    int nsums;
    bool hide_summary;  ///< Tab has put away the viewed turn's summary
} VlReplayView;

#define VL_REPLAY_SNAP 64

/* ---- the computer players (think.c) ---- */

typedef struct VlUiComputer {
    VlRng rng;
    VlCommand *queue;        ///< the phase's commands as planned, played one by one
    int n, next;
    uint32_t due;            ///< when the next one is played, ms
    bool thinking;           ///< a frame has said the computer is thinking: it plans at the next update
    struct VlUiThink *think; ///< the computer's phase being planned (on its own thread), or NULL
    SDL_threadID planner;    ///< the thread that made the computer's latest plan
    /* Each computer side's latest plan (its current or last player turn), kept through the next
     * player's turn so that a human can look at what it intended (overlay 6); side -1: none. */
    VlAiPlan plan[2];
} VlUiComputer;

/* ---- watching the other side play (animate.c, summary.c) ---- */

/// The computer's orders shown as they happen, and each player turn's summary.
typedef struct VlUiWatch {
    struct VlUiAnim *anim;   ///< the order being shown (animate.c), or NULL
    bool skip;               ///< End: the rest of the computer's turn is played without animation
    int shown;               ///< orders shown so far (each animation started counts one)
    bool quiet;              ///< the order being applied is shown animated: no messages for it
    VlGame *turn_start;      ///< a copy of the game as the player turn in play began (summary.c)
    bool have_summary;       ///< `summary` holds the last player turn that ended
    VlTurnSummary summary;
    bool panel;              ///< the summary panel is up on the game screen
    bool over_seen;          ///< the game's end has had its summary
} VlUiWatch;

/* ---- what the table's drawing keeps between frames (scene.c, overlays.c) ---- */

typedef struct VlTerrainMesh {
    int ntri;
    int *tri; ///< 3 * ntri indices into the feature's points
} VlTerrainMesh;

/// What a label on the table tells (the screen tests read the labels drawn by kind).
typedef enum VlUiLabelKind {
    VL_UI_LABEL_UNIT,      ///< a unit's name (a regiment's, a battery's, a general's)
    VL_UI_LABEL_BADGES,    ///< a unit's HITs, routed, fired, charged
    VL_UI_LABEL_OBJECTIVE, ///< an objective's name and points
    VL_UI_LABEL_TERRAIN    ///< a terrain feature's name
} VlUiLabelKind;

/// One label of the table as the scene knows it: its kind, whose it is, its texts from the longest.
typedef struct VlUiLabel {
    VlUiLabelKind kind;
    int owner;            ///< the unit's, objective's or terrain feature's index
    int size;             ///< the font size
    char text[VL_LABEL_TEXTS][128];
} VlUiLabel;

/// A label as drawn in the last frame, in window pixels (for the screen tests).
typedef struct VlUiDrawnLabel {
    VlUiLabelKind kind;
    int owner;
    VlLabelBox box;
    int text;             ///< which of its texts
} VlUiDrawnLabel;

/// The table's labels (scene.c): their placement is worked out in pixels from the table's top-left
/// corner whenever the zoom, the game's state or the selection change, and kept while the view
/// pans; the label under the pointer is brought forward each frame (vl_labels_promote). They are
/// drawn into the table's cache, whose key has `sig` (what bringing forward changed, 0: nothing).
typedef struct VlUiLabels {
    bool valid;
    uint64_t key;
    int n, cap;
    VlUiLabel *label;
    VlLabelItem *item;
    VlLabelPlace *base;   ///< the placement as worked out
    VlLabelPlace *shown;  ///< this frame's: the base with the hovered labels brought forward
    uint64_t sig;         ///< a hash of where shown differs from base (0: nowhere)
    int nblocks, cap_blocks;
    VlLabelQuad *blocks;  ///< the units' boxes and the objectives' stars
    VlLabelProblem problem;
    int ndrawn;
    VlUiDrawnLabel *drawn; ///< the labels drawn in the last frame (n of room), in window pixels
    float drawn_x, drawn_y; ///< where the table's top-left corner was for drawn's boxes
} VlUiLabels;

typedef struct VlUiTableCache {
    VlTerrainMesh *mesh;
    int nmesh;
    uint64_t threat_hash;
    bool threat_valid;
    int (*threat)[4];
    SDL_Texture *layer; ///< overlays are filled into this, then laid over the table once
    int layer_w, layer_h;
    bool layer_failed;
    /* The table but for the previews (ground, terrain, objectives, overlays, units, labels) is drawn
     * once into this texture and copied each frame until its key changes: the zoom, the window,
     * the game's state hash, the overlays on, the selection, the labels. It covers the table's view
     * and VL_UI_PAN_MARGIN pixels round it, so that a pan copies it shifted until the view leaves
     * that (scene.c). */
    SDL_Texture *table;
    int table_w, table_h;
    bool table_failed, table_valid;
    uint64_t table_key;
    float table_ox, table_oy; ///< the window pixel of the table's origin when it was drawn
    SDL_Texture *draw_target; ///< the target drawing returns to after the overlay layer (NULL: the window)
    VlUiLabels labels;
} VlUiTableCache;

#endif
