/**
 * @file panels.h
 * @brief The pieces the screens' panels are drawn with (panels.c), shared by the menu (menu.c) and
 *        the replay controls (replay.c).
 *
 * Offers:
 *  - vl_ui_panel_fg(), vl_ui_panel_dim(): the panels' text colours (theme.h).
 *  - vl_ui_panel_button(): a plain button of a panel; vl_ui_swatch(): a side's colour square.
 *  - vl_ui_overlay_name(): an overlay's name as the legend shows it (the settings screen too).
 *  - vl_ui_side_name(): a side's name, "?" when the scenario has no such side.
 *  - vl_ui_bar_layout(), vl_ui_action_hint(): where the phase bar's texts and the action bar's
 *    line go (drawing and the layout test).
 *  - The key to the unit symbols (legend.c, key K): vl_ui_symbols_layout(), vl_ui_draw_symbols().
 *  - vl_ui_dice_heading(): the heading of a roll in the dice log; vl_ui_card_ground(): the unit
 *    card's ground line (both exposed for tests).
 */
#ifndef VOLLEY_UI_PANELS_H
#define VOLLEY_UI_PANELS_H

#include "app.h"

SDL_Color vl_ui_panel_fg(void);
SDL_Color vl_ui_panel_dim(void);
/// A button at @p r: lit when @p on, dim when not @p enabled.
void vl_ui_panel_button(VlUiApp *app, SDL_Rect r, const char *label, bool on, bool enabled);
/// A square of side @p side's colour, @p size pixels, outlined in white.
void vl_ui_swatch(VlUiApp *app, float x, float y, float size, int side);
const char *vl_ui_side_name(const VlScenario *s, int side);
/// Overlay @p o's name with its key, as the legend shows it ("1 fire corridors / artillery arcs").
const char *vl_ui_overlay_name(int o);
/// The phase bar's status line: the REPLAY tag, the side's swatch, the title (turn, side, phase;
/// shortened until it fits before the tool buttons), the score and the phase's hint (left out,
/// w 0, when there is no room).
typedef struct VlBarLayout {
    SDL_Rect replay, swatch, title_r, score_r, hint_r;
    char title[320], score[320];
    const char *hint;
    bool over;  ///< the game is over: the title says who won
    int right;  ///< where the tool buttons begin
} VlBarLayout;
void vl_ui_bar_layout(VlUiApp *app, const VlGame *g, VlBarLayout *l);

/// The action bar's line when the unit in hand has no orders there (how to get some): its text,
/// its size, the room left of End phase, Undo and Save, and the text's box in it (wrapped).
typedef struct VlActionHint {
    const char *text;
    int size;
    SDL_Rect room, rect;
} VlActionHint;
/// False when there is no such line (orders are shown, the sandbox, no room).
bool vl_ui_action_hint(VlUiApp *app, const VlGame *g, VlActionHint *h);

/// The key to the unit symbols: its samples (infantry in each formation, cavalry mounted and
/// dismounted, artillery unlimbered and limbered, a general, routed, selected, the front).
#define VL_UI_SYMBOL_CELLS 12
typedef struct VlSymbolsLayout {
    SDL_Rect box;
    SDL_Rect side[2];                   ///< each side's colour and outline
    SDL_Rect cell[VL_UI_SYMBOL_CELLS];  ///< a sample drawn at its left, its words at its right
    SDL_Rect badges;                    ///< the HIT, routed, fired and charged badges
} VlSymbolsLayout;
/// Where the key to the symbols lies: over the table, centred, its rows closer on a short table.
void vl_ui_symbols_layout(const VlUiApp *app, VlSymbolsLayout *l);
/// The key to the symbols, each sample drawn by the table's functions (scene.c).
void vl_ui_draw_symbols(VlUiApp *app);

/// The dice log's heading of roll @p r: the turn, whose phase, the unit rolled for (and its side
/// when it is not the side whose phase it is) and the clause.
void vl_ui_dice_heading(const VlScenario *s, const VlDiceRoll *r, char *buf, size_t size);
/// The unit card's ground line of unit @p u: the share of each area under it, and the fence,
/// wall, hedge, stream or hill edge it stands astride, which a move counts as rough (GOR-MOVE-1).
void vl_ui_card_ground(const VlWorld *w, int u, char *buf, size_t size);

#endif
