/* The new-game menu's Rules screen (rules_screen.c): the charge rules and Republic options of the
 * next game. */
#ifndef VOLLEY_UI_RULES_SCREEN_H
#define VOLLEY_UI_RULES_SCREEN_H

#include "app.h"

/// Where the Rules screen's parts are.
typedef struct VlRulesLayout {
    SDL_Rect panel;
    SDL_Rect charge[3];         ///< Good Old Rebel, JR III, Gunson
    int rep_top;
    SDL_Rect rep[VL_REP_COUNT]; ///< one row per Republic option
    SDL_Rect none, done;
} VlRulesLayout;

void vl_ui_rules_layout(const VlUiApp *app, VlRulesLayout *l);
/// The menu's "Rules: ..." button, which opens the screen.
SDL_Rect vl_ui_rules_menu_button(const VlUiApp *app);
void vl_ui_rules_open(VlUiApp *app);
/// The rule set the next new game from the menu plays by.
VlRuleOptions vl_ui_rules_chosen(const VlUiApp *app);
/// Make @p o the next game's rule set (the words of --rules and --option).
void vl_ui_rules_set(VlUiApp *app, const VlRuleOptions *o);
/// The screen's events while it is open (true: taken).
bool vl_ui_rules_event(VlUiApp *app, const SDL_Event *e);
void vl_ui_draw_rules(VlUiApp *app);
void vl_ui_draw_rules_button(VlUiApp *app);

#endif
