/* The editor screen's private parts, shared by its three files (editor.c: open/close, the layout,
 * the gestures on the table, events, drawing; editor_edits.c: the helpers, the selection, the view
 * of the table, the problems told with names, the edits of the document, what is under the pointer
 * and the palette; editor_save.c: saving, Save as, leaving, playing, undo/redo): the tools, the
 * palette's fields, the buttons' words, VlUiEdPriv, and the functions one file gives the others. */
#ifndef VOLLEY_UI_EDITOR_INTERNAL_H
#define VOLLEY_UI_EDITOR_INTERNAL_H

#include "app.h"
#include "editor.h"
#include "textfield.h"

#include <math.h>

#define ED_POLY_MAX 256
#define ED_PI 3.14159265358979323846
#define ED_BTN_MAX 40
#define ED_PROBLEM_ROWS 64

enum { ED_TOOL_SELECT, ED_TOOL_UNIT, ED_TOOL_TERRAIN, ED_TOOL_OBJECTIVE, ED_TOOL_COUNT };
static const char *const TOOL_WORD[ED_TOOL_COUNT] = {"select", "unit", "terrain", "objective"};
static const char *const TOOL_LABEL[ED_TOOL_COUNT] = {"Select (S)", "Unit (U)", "Terrain (T)", "Objective (O)"};

/* The palette's fields (buttons of the top bar that cycle through their choices). */
enum { PAL_SIDE, PAL_TYPE, PAL_FORM, PAL_QUALITY, PAL_WEAPON, PAL_TERRAIN, PAL_LEVEL, PAL_WIDTH, PAL_COUNT };
static const char *const PAL_WORD[PAL_COUNT] = {"side", "type", "formation", "quality", "weapon", "terrain", "level", "width"};

enum { ACT_UNDO, ACT_REDO, ACT_SAVE, ACT_SAVE_AS, ACT_PLAY, ACT_SANDBOX, ACT_LEAVE, ACT_COUNT };
static const char *const ACT_WORD[ACT_COUNT] = {"undo", "redo", "save", "save-as", "play", "sandbox", "leave"};
static const char *const ACT_LABEL[ACT_COUNT] = {"Undo (Ctrl+Z)", "Redo (Ctrl+Y)", "Save (Ctrl+S)", "Save as\xE2\x80\xA6",
                                                 "Play (F5)",     "Sandbox (F6)",  "Leave (Esc)"};

typedef enum { B_TOOL, B_PAL, B_ACT, B_MEASURE } BtnKind;
typedef struct EdBtn {
    SDL_Rect r;
    BtnKind kind;
    int arg;
    char label[64];
    bool on;
} EdBtn;

typedef enum { DRAG_NONE, DRAG_MOVE, DRAG_TURN, DRAG_CORNER, DRAG_BOX, DRAG_PLACE, DRAG_PAN } DragKind;

/* The widths a line feature may be given from the palette, inches. */
static const double WIDTHS[] = {0.1, 0.2, 0.5, 1.0, 2.0, 3.0};
#define NWIDTHS ((int)(sizeof WIDTHS / sizeof WIDTHS[0]))

typedef struct VlUiEdPriv {
    /* the palette: what a new unit or feature is */
    int pal_side;
    VlUnitType pal_type;
    VlFormation pal_form[VL_UNIT_TYPE_COUNT];
    VlQuality pal_quality;
    VlWeapon pal_weapon[VL_UNIT_TYPE_COUNT];
    int pal_brigade[2];          ///< the brigade a new unit of each side joins (the last general's), or -1
    VlTerrainType pal_terrain;
    int pal_level;
    int pal_width;               ///< index into WIDTHS
    /* a feature being drawn with the terrain tool */
    int npoly;
    VlVec2 poly[ED_POLY_MAX];
    /* the gesture on the table */
    DragKind drag;
    bool active;                 ///< it has moved past the threshold (a drag, not a click)
    int press_x, press_y, last_x, last_y;
    VlVec2 press_at;
    int turn_unit;
    int corner_feature, corner_index;
    VlScenario base;             ///< doc.s as the drag began (moves are made from it)
    bool have_base;
    int sel_vertex;              ///< the corner selected on the one feature selected, or -1
    bool view_stale;             ///< doc.s changed in a drag: the table is drawn afresh
    bool confirm_leave, leave_quits;
    bool from_menu;              ///< opened from the menu (Play takes the menu's players)
    bool saveas;                 ///< the Save as box is open, its file name in saveas_field
    VlUiField saveas_field;
} VlUiEdPriv;

/* ---- small helpers (tiny, so inline here) ---- */

static inline double r6(double v) { return round(v * 1e6) / 1e6; }

/* Where a click puts a new unit, objective or corner: the nearest twentieth of an inch (1.3 mm,
 * finer than anyone places a base by hand), so the file reads 12.35, not 12.348214. Drags move by
 * the same steps; a typed position in the form is kept as typed. */
static inline VlVec2 snap(VlVec2 at) { return vl_v2(round(at.x * 20) / 20, round(at.y * 20) / 20); }

static inline Uint16 mods(const VlUiApp *app) { return (Uint16)(SDL_GetModState() | app->script_mod); }

static inline VlVec2 world_at(const VlUiApp *app, int x, int y) { return vl_ui_camera_to_world(&app->cam, (float)x, (float)y); }

static inline double px_to_in(const VlUiApp *app, double px) { return px / (app->cam.zoom > 0 ? app->cam.zoom : 1); }

static inline bool is_areal(VlTerrainType t) { return t < VL_T_AREAL_COUNT; }

static inline VlUiEdPriv *priv(VlUiApp *app) { return app->editor ? app->editor->priv : NULL; }

/* The selection changed, or the document did: the form reads its fields afresh. */
static inline void selection_changed(VlUiApp *app) { vl_ui_editor_form_refresh(app); }

/* ---- editor_edits.c ---- */

double ed_compass_of(VlVec2 d);
double ed_norm_deg(double a);
void ed_unit_fp(const VlScenario *s, int u, VlFootprint *fp);
void ed_fresh_unit_name(const VlScenario *s, int side, VlUnitType type, char out[VL_NAME_MAX]);
bool ed_sel_has(const VlUiEditor *ed, VlEdKind k, int i);
void ed_sel_clear(VlUiEditor *ed);
void ed_sel_add(VlUiEditor *ed, VlEdKind k, int i);
void ed_sel_remove(VlUiEditor *ed, VlEdKind k, int i);
void ed_edit_name(const VlUiEditor *ed, const char *verb, char *out, size_t size);
void ed_sel_validate(VlUiEditor *ed);
void ed_rebuild_view(VlUiApp *app);
void ed_ensure_view(VlUiApp *app);
bool ed_begin(VlUiApp *app, const char *what);
void ed_end(VlUiApp *app);
void ed_drop_base(VlUiEdPriv *p);
bool ed_drag_begin(VlUiApp *app, const char *what);
void ed_move_selection(VlUiApp *app, VlVec2 d);
void ed_nudge(VlUiApp *app, double dx, double dy);
void ed_turn_by_key(VlUiApp *app, double deg);
void ed_delete_selection(VlUiApp *app);
int ed_add_unit(VlUiApp *app, VlVec2 at, double facing);
void ed_duplicate_selection(VlUiApp *app);
void ed_add_objective(VlUiApp *app, VlVec2 at);
void ed_finish_feature(VlUiApp *app);
void ed_delete_corner(VlUiApp *app);
int ed_corner_unit_at(const VlUiEditor *ed, VlVec2 p, double tol);
VlEdRef ed_thing_at(const VlUiApp *app, VlVec2 p);
void ed_palette_step(VlUiApp *app, int field, int dir);

/* ---- editor.c ---- */

void ed_pal_label(VlUiApp *app, int field, char *out, size_t size);

/* ---- editor_save.c ---- */

void ed_saveas_open(VlUiApp *app);
bool ed_saveas_event(VlUiApp *app, const SDL_Event *e);
void ed_saveas_draw(VlUiApp *app);
void ed_leave_now(VlUiApp *app, bool quit);
void ed_request_leave(VlUiApp *app, bool quit);
void ed_play_table(VlUiApp *app, bool sandbox);
void ed_undo_redo(VlUiApp *app, bool redo);

#endif
