/* Help that stays on the game screen: the "now you can" panel (what the phase allows and how, and
 * what is left) and the rule hovers (a rule id under the pointer explained in Volley's words,
 * src/rules/explain.c). The controls named here are those of input.c and its help text. */
#include "phasehelp.h"

#include "app.h"
#include "panels.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* ---- rule hovers ---- */

void vl_ui_rule_spots_clear(VlUiApp *app)
{
    app->help.spots.n = 0;
}

int vl_ui_rule_ids_in(const char *text, char ids[][16], int max)
{
    int n = 0;
    if (!text)
        return 0;
    for (size_t i = 0; text[i] && n < max; i++) {
        bool start = isupper((unsigned char)text[i]) && (i == 0 || !(isalnum((unsigned char)text[i - 1]) || text[i - 1] == '-'));
        if (!start)
            continue;
        size_t k = i;
        while (text[k] && (isalnum((unsigned char)text[k]) || text[k] == '-') && k - i < 15)
            k++;
        char id[16];
        size_t len = k - i;
        while (len > 0 && text[i + len - 1] == '-')
            len--;
        memcpy(id, text + i, len);
        id[len] = 0;
        i = k - 1;
        if (!strchr(id, '-') || !vl_rule_explain(id))
            continue;
        bool seen = false;
        for (int j = 0; j < n && !seen; j++)
            seen = strcmp(ids[j], id) == 0;
        if (!seen)
            snprintf(ids[n++], 16, "%s", id);
    }
    return n;
}

void vl_ui_rule_spot(VlUiApp *app, SDL_Rect r, const char *text)
{
    VlUiRuleSpots *s = &app->help.spots;
    if (s->n >= VL_UI_RULE_SPOTS || r.w <= 0 || r.h <= 0)
        return;
    VlUiRuleSpot *p = &s->spot[s->n];
    p->nids = vl_ui_rule_ids_in(text, p->id, VL_UI_SPOT_IDS);
    if (p->nids == 0)
        return;
    p->rect = r;
    s->n++;
}

int vl_ui_rule_spot_at(const VlUiApp *app, int x, int y)
{
    for (int i = app->help.spots.n - 1; i >= 0; i--)
        if (vl_ui_in_rect(app->help.spots.spot[i].rect, x, y))
            return i;
    return -1;
}

void vl_ui_rule_hover_draw(VlUiApp *app)
{
    app->help.spots.shown = -1;
    if (app->view.gesture.kind != VL_GEST_NONE)
        return; /* not in the middle of a drag */
    int i = vl_ui_rule_spot_at(app, app->mouse_x, app->mouse_y);
    if (i < 0)
        return;
    const VlUiRuleSpot *p = &app->help.spots.spot[i];
    app->help.spots.shown = i;
    const int wrap = 320, pad = 10;
    int h = pad;
    for (int k = 0; k < p->nids; k++)
        h += 18 + vl_ui_text_wrapped_height(app->text, 13, vl_rule_explain(p->id[k]), wrap) + 6;
    h += pad - 6;
    int w = wrap + 2 * pad;
    /* Under the pointer, kept inside the window (above it when there is no room below). */
    int x = app->mouse_x + 14, y = app->mouse_y + 18;
    if (x + w > app->width - 4)
        x = app->width - 4 - w;
    if (x < 4)
        x = 4;
    if (y + h > app->height - 4)
        y = app->mouse_y - 12 - h;
    if (y < 4)
        y = 4;
    vl_ui_gfx_rect(app->r, (float)x + 3, (float)y + 3, (float)w, (float)h, vl_ui_rgba(0x000000u, 90));
    vl_ui_gfx_rect(app->r, (float)x, (float)y, (float)w, (float)h, vl_ui_rgb(0x2E343Bu));
    vl_ui_gfx_rect_outline(app->r, (float)x, (float)y, (float)w, (float)h, 1, vl_ui_rgb(VL_UI_HIGHLIGHT));
    float yy = (float)(y + pad);
    for (int k = 0; k < p->nids; k++) {
        vl_ui_text_draw(app->text, 13, p->id[k], (float)(x + pad), yy, vl_ui_rgb(VL_UI_HIGHLIGHT), VL_ALIGN_LEFT);
        yy += 18;
        yy += (float)vl_ui_text_draw_wrapped(app->text, 13, vl_rule_explain(p->id[k]), (float)(x + pad), yy, vl_ui_panel_fg(), wrap) + 6;
    }
}

/* ---- the "now you can" panel ---- */

static int able_count(VlUiApp *app, const VlGame *g)
{
    uint64_t h = vl_game_hash(g);
    if (!app->help.able_valid || app->help.able_hash != h) {
        app->help.able_n = vl_game_units_able(g, NULL, 0);
        app->help.able_hash = h;
        app->help.able_valid = true;
    }
    return app->help.able_n;
}

int vl_ui_phase_help_lines(VlUiApp *app, const VlGame *g, char (*lines)[200], int max)
{
    int n = 0;
#define LINE(...) do { if (n < max) snprintf(lines[n++], 200, __VA_ARGS__); } while (0)
    const VlScenario *s = vl_game_world_const(g)->scenario;
    int side = vl_game_active_side(g);
    if (vl_game_over(g, NULL, NULL)) {
        LINE("The game is over. Save it (Ctrl+S) to watch it again from the menu.");
        return n;
    }
    if (app->sandbox) {
        LINE("Sandbox: drag any unit anywhere (a corner or Shift turns it), point at an enemy to test a charge.");
        LINE("Nothing here changes the game. T leaves.");
        return n;
    }
    if (!app->human[side]) {
        LINE("The computer is playing the %s turn.", vl_ui_side_name(s, side));
        LINE("Watch the dice log; click a unit to see its card; key 6 shows its plan.");
        return n;
    }
    int able = able_count(app, g);
    const char *units = able == 1 ? "unit" : "units";
    switch (vl_game_phase(g)) {
    case VL_PHASE_ARTILLERY:
        LINE("Select an unlimbered battery, click an enemy in its arc to aim: range, cover and dice show.");
        LINE("Click the enemy again to fire. A battery that fires has used its action this turn.");
        if (able)
            LINE("%d of your batteries can fire now.", able);
        else
            LINE("None of your batteries can fire now: press Enter for the fire phase.");
        break;
    case VL_PHASE_FIRE:
        LINE("Select a regiment: it fires straight ahead, at the enemy the rules pick (shown at once).");
        LINE("Click that enemy to fire. A unit that fires cannot charge or move this turn.");
        if (able)
            LINE("%d of your %s can fire now.", able, units);
        else
            LINE("None of your units has an enemy in its line of fire: press Enter.");
        break;
    case VL_PHASE_CHARGE:
        LINE("Drag from a regiment in line onto an enemy: the path, the face struck and the odds show.");
        LINE("Let go to declare. Enter ends the phase: charges test, move and fight close combats.");
        if (able)
            LINE("%d of your %s can charge now.", able, units);
        else
            LINE("None of your units can reach an enemy: press Enter for the movement phase.");
        break;
    case VL_PHASE_MOVEMENT:
        LINE("Drag a unit's body to move it (back to fall back), a front corner to wheel, Shift-drag to drift.");
        LINE("Ctrl as you let go adds a step (Enter sends). L C S Q: formation, U: guns, D: double the move.");
        if (able)
            LINE("%d of your %s can still move.", able, units);
        else
            LINE("All your units have acted: press Enter for the rally phase.");
        break;
    case VL_PHASE_RALLY:
        LINE("Select a unit with HITs, or routed, that took no action this turn; press R to rally.");
        LINE("It tests its morale: passing takes 2 HITs off and stops a rout.");
        if (able)
            LINE("%d of your %s can rally now.", able, units);
        else
            LINE("None of your units can rally now: press Enter.");
        break;
    default:
        LINE("Nothing to order in this phase: press Enter.");
        break;
    }
    LINE("Right-drag pans, the wheel zooms. H: every key. N hides this panel.");
#undef LINE
    return n;
}

#define PHASE_PAD 10

static bool phase_help_shown(const VlUiApp *app)
{
    return app->settings.phase_help && !app->lesson.active && app->screen == VL_SCREEN_GAME && !app->sandbox &&
           app->game && !app->watch.panel; /* the turn summary is read first */
}

int vl_ui_phase_help_height(VlUiApp *app, int width)
{
    if (!phase_help_shown(app) || !app->text)
        return 0;
    char lines[8][200];
    int n = vl_ui_phase_help_lines(app, app->game, lines, 8);
    int wrap = width - 2 * PHASE_PAD - 2, h = PHASE_PAD + 20;
    for (int i = 0; i < n; i++)
        h += vl_ui_text_wrapped_height(app->text, 12, lines[i], wrap) + 3;
    return h + PHASE_PAD - 3;
}

void vl_ui_draw_phase_help(VlUiApp *app, const VlGame *g)
{
    app->help.panel = (SDL_Rect){0, 0, 0, 0};
    SDL_Rect p = app->rects.phase;
    if (!phase_help_shown(app) || p.w <= 0)
        return;
    char lines[8][200];
    int n = vl_ui_phase_help_lines(app, g, lines, 8);
    const int pad = PHASE_PAD, wrap = p.w - 2 * pad - 2;
    float x = (float)p.x, y = (float)p.y;
    vl_ui_gfx_rect(app->r, x, y, (float)p.w, 1, vl_ui_rgb(VL_UI_PANEL_LINE));
    app->help.panel = p;
    vl_ui_text_draw(app->text, 13, "Now you can", x + pad, y + pad - 2, vl_ui_rgb(VL_UI_HIGHLIGHT), VL_ALIGN_LEFT);
    float yy = y + pad + 20;
    for (int i = 0; i < n; i++) {
        bool last = i == n - 1;
        yy += (float)vl_ui_text_draw_wrapped(app->text, 12, lines[i], x + pad, yy, last ? vl_ui_panel_dim() : vl_ui_panel_fg(), wrap) + 3;
    }
}

void vl_ui_toggle_phase_help(VlUiApp *app)
{
    app->settings.phase_help = !app->settings.phase_help;
    if (app->opt.settings_path[0]) {
        char err[600];
        if (!vl_ui_settings_save(app->opt.settings_path, &app->settings, err, sizeof err))
            vl_ui_app_message(app, true, "%s", err);
    }
    vl_ui_app_message(app, false, "The \"now you can\" panel is %s (N).", app->settings.phase_help ? "on" : "off");
}
