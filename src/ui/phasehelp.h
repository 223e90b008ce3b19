/**
 * @file phasehelp.h
 * @brief Help that stays on the game screen (phasehelp.c): the "now you can" panel, which says in a
 *        few lines what the phase allows the player and how, and what is left to do; and the rule
 *        hovers, a small box with a rule in Volley's own words (vl_rule_explain) when the pointer
 *        rests on a rule id drawn anywhere on the screen.
 *
 * Offers:
 *  - VlUiRuleSpots: the places rule ids were drawn in the last frame. The drawing code calls
 *    vl_ui_rule_spot() with a rectangle and the text drawn there; vl_ui_rule_hover_draw() draws
 *    the box for the spot under the pointer, last of all.
 *  - vl_ui_phase_help_lines() (the panel's words, for tests) and vl_ui_draw_phase_help().
 *  - vl_ui_toggle_phase_help(): the key N, saved in the settings (phase_help).
 */
#ifndef VOLLEY_UI_PHASEHELP_H
#define VOLLEY_UI_PHASEHELP_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#define VL_UI_RULE_SPOTS 96
#define VL_UI_SPOT_IDS 3

/// One place a rule id was drawn: its rectangle and the ids found in the text drawn there.
typedef struct VlUiRuleSpot {
    SDL_Rect rect;
    int nids;
    char id[VL_UI_SPOT_IDS][16];
} VlUiRuleSpot;

typedef struct VlUiRuleSpots {
    int n;
    VlUiRuleSpot spot[VL_UI_RULE_SPOTS];
    int shown;  ///< the spot whose box the last frame drew, or -1
} VlUiRuleSpots;

/// What the help keeps between frames: the rule spots, and the count of units able to act, worked
/// out once for each state of the game (vl_game_units_able asks the rules about every unit).
typedef struct VlUiHelp {
    VlUiRuleSpots spots;
    SDL_Rect panel; ///< where the "now you can" panel was last drawn (w 0: not drawn), kept clear of messages
    bool able_valid;
    uint64_t able_hash;
    int able_n;
} VlUiHelp;

struct VlUiApp;
struct VlGame;

/// The height of the "now you can" panel @p width pixels wide (0 when it is not shown): layout.c
/// gives it that room above the dice log.
int vl_ui_phase_help_height(struct VlUiApp *app, int width);
/// Forget the spots (each frame starts afresh).
void vl_ui_rule_spots_clear(struct VlUiApp *app);
/// Text @p text was drawn in @p r: record the rule ids in it that have an explanation (none: nothing).
void vl_ui_rule_spot(struct VlUiApp *app, SDL_Rect r, const char *text);
/// The rule ids in @p text that vl_rule_explain knows, at most @p max into @p ids. Returns how many.
int vl_ui_rule_ids_in(const char *text, char ids[][16], int max);
/// The spot under window pixel (x, y) (the last recorded wins), or -1.
int vl_ui_rule_spot_at(const struct VlUiApp *app, int x, int y);
/// The box of the rule under the pointer, if any (call after everything else is drawn).
void vl_ui_rule_hover_draw(struct VlUiApp *app);

/// The "now you can" panel's lines for the game shown: what the phase allows and how, and what is
/// left ("2 units can still move"). Returns how many lines (at most @p max, each @p size bytes).
int vl_ui_phase_help_lines(struct VlUiApp *app, const struct VlGame *g, char (*lines)[200], int max);
/// The panel, at the table's top right, when the setting is on and no lesson is shown.
void vl_ui_draw_phase_help(struct VlUiApp *app, const struct VlGame *g);
/// Show or hide the panel, and save the setting.
void vl_ui_toggle_phase_help(struct VlUiApp *app);

#endif
