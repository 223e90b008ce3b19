/* The new-game menu's Rules screen: which charge rules the next game plays (Good Old Rebel, JR III,
 * Gunson) and which Republic options it adds, each with its one-line summary and its source; a
 * choice this version does not play yet is greyed with the reason (vl_rule_options_check). The
 * choice is written as the words of --rules and --option (app->rules_words, app->option_words)
 * and kept in the settings. */
#include "panels.h"
#include "rules_screen.h"

#include <stdio.h>
#include <string.h>

static const char *const charge_source[3] = {"good-old-rebel-v1.txt: the default game",
                                             "jr3-charge-clarifications-2008.txt: the JR III charge sequence",
                                             "gunson-charge-moves-1964.txt: Bill Gunson's charge moves"};

/* The rule set the menu will start a game with: the scenario's own (its "rules", Good Old Rebel
 * alone without), then the words chosen (the Rules screen, the settings' last choice, the command
 * line), as vl_ui_app_new_game reads them. */
VlRuleOptions vl_ui_rules_chosen(const VlUiApp *app)
{
    VlRuleOptions base = app->menu.scen_rules && app->menu.sel >= 0 && app->menu.sel < app->menu.nscen
                             ? app->menu.scen_rules[app->menu.sel]
                             : vl_rule_options_default();
    VlRuleOptions o = base;
    char why[300];
    if (!vl_rule_options_parse(app->rules_words[0] ? app->rules_words : NULL,
                               app->option_words[0] ? app->option_words : NULL, &o, why, sizeof why))
        o = base;
    return o;
}

void vl_ui_rules_set(VlUiApp *app, const VlRuleOptions *o)
{
    snprintf(app->rules_words, sizeof app->rules_words, "%s", vl_charge_rules_name(o->charge_rules));
    app->option_words[0] = 0;
    for (int k = 0; k < VL_REP_COUNT; k++)
        if (vl_rep_on(o, (VlRepOption)k)) {
            size_t n = strlen(app->option_words);
            snprintf(app->option_words + n, sizeof app->option_words - n, "%s%s", n ? "," : "",
                     vl_rep_option_id((VlRepOption)k));
        }
    if (!app->option_words[0])
        snprintf(app->option_words, sizeof app->option_words, "none");
}

/* Keep the choice for the next run. */
static void remember(VlUiApp *app, const VlRuleOptions *o)
{
    app->settings.charge_rules = (int)o->charge_rules;
    app->settings.republic = o->republic;
    char err[600];
    if (app->opt.settings_path[0] && !vl_ui_settings_save(app->opt.settings_path, &app->settings, err, sizeof err))
        fprintf(stderr, "volley: %s\n", err);
}

void vl_ui_rules_layout(const VlUiApp *app, VlRulesLayout *l)
{
    int margin = app->width >= 1100 ? 60 : 24;
    l->panel = (SDL_Rect){margin, 40, app->width - 2 * margin, app->height - 80};
    int x = l->panel.x + 20, w = l->panel.w - 40;
    int y = l->panel.y + 70;
    for (int c = 0; c < 3; c++) {
        l->charge[c] = (SDL_Rect){x, y, w, 40};
        y += 44;
    }
    y += 40;
    l->rep_top = y;
    int cols = app->width >= 800 ? 2 : 1;
    int cw = (w - (cols - 1) * 12) / cols;
    int rows = (VL_REP_COUNT + cols - 1) / cols;
    int rh = (l->panel.y + l->panel.h - 70 - y) / rows;
    if (rh > 44)
        rh = 44;
    if (rh < 20)
        rh = 20;
    for (int k = 0; k < VL_REP_COUNT; k++) {
        int c = k / rows, r = k % rows;
        l->rep[k] = (SDL_Rect){x + c * (cw + 12), y + r * rh, cw, rh - 4};
    }
    l->done = (SDL_Rect){l->panel.x + l->panel.w - 20 - 200, l->panel.y + l->panel.h - 54, 200, 38};
    l->none = (SDL_Rect){x, l->panel.y + l->panel.h - 54, 220, 38};
}

SDL_Rect vl_ui_rules_menu_button(const VlUiApp *app)
{
    VlMenuLayout m;
    vl_ui_menu_layout(app, &m);
    return (SDL_Rect){m.list.x, m.load.y, m.list.w, m.load.h};
}

void vl_ui_rules_open(VlUiApp *app) { app->menu.rules_open = true; }

/* Choose charge rules @p c, or switch Republic option @p k; a choice not played is refused with its
 * reason, so the screen never holds a rule set a game would refuse. */
static void choose(VlUiApp *app, int c, int k)
{
    VlRuleOptions o = vl_ui_rules_chosen(app);
    if (c >= 0)
        o.charge_rules = (VlChargeRules)c;
    if (k >= 0)
        o.republic ^= 1u << k;
    char why[700];
    if (!vl_rule_options_check(&o, why, sizeof why)) {
        vl_ui_app_message(app, true, "%s", why);
        return;
    }
    vl_ui_rules_set(app, &o);
    remember(app, &o);
}

bool vl_ui_rules_event(VlUiApp *app, const SDL_Event *e)
{
    if (!app->menu.rules_open)
        return false;
    VlRulesLayout l;
    vl_ui_rules_layout(app, &l);
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_ESCAPE || k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_r)
            app->menu.rules_open = false;
        else if (k == SDLK_g)
            choose(app, VL_RULES_GOR, -1);
        else if (k == SDLK_j)
            choose(app, VL_RULES_JR3, -1);
        else if (k == SDLK_u)
            choose(app, VL_RULES_GUNSON, -1);
        return true;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        int x = e->button.x, y = e->button.y;
        for (int c = 0; c < 3; c++)
            if (vl_ui_in_rect(l.charge[c], x, y))
                choose(app, c, -1);
        for (int k = 0; k < VL_REP_COUNT; k++)
            if (vl_ui_in_rect(l.rep[k], x, y))
                choose(app, -1, k);
        if (vl_ui_in_rect(l.none, x, y)) {
            VlRuleOptions o = vl_ui_rules_chosen(app);
            o.republic = 0;
            vl_ui_rules_set(app, &o);
            remember(app, &o);
        }
        if (vl_ui_in_rect(l.done, x, y))
            app->menu.rules_open = false;
        return true;
    }
    return e->type != SDL_QUIT;
}

/* A box that is ticked, empty, or greyed. */
static void tick_box(VlUiApp *app, float x, float y, bool on, bool enabled)
{
    vl_ui_gfx_rect(app->r, x, y, 16, 16, vl_ui_rgb(enabled ? 0x1C1F23u : 0x2A2E33u));
    vl_ui_gfx_rect_outline(app->r, x, y, 16, 16, 1, vl_ui_rgb(enabled ? 0x8A939Cu : 0x4A4F55u));
    if (on)
        vl_ui_gfx_rect(app->r, x + 4, y + 4, 8, 8, vl_ui_rgb(0x7FB3E6u));
}

void vl_ui_draw_rules(VlUiApp *app)
{
    if (!app->menu.rules_open)
        return;
    VlRulesLayout l;
    vl_ui_rules_layout(app, &l);
    VlRuleOptions o = vl_ui_rules_chosen(app);
    SDL_Rect p = l.panel;
    vl_ui_gfx_rect(app->r, 0, 0, (float)app->width, (float)app->height, vl_ui_rgb(VL_UI_BACKGROUND));
    vl_ui_gfx_rect(app->r, (float)p.x, (float)p.y, (float)p.w, (float)p.h, vl_ui_rgb(VL_UI_PANEL_BG));
    vl_ui_gfx_rect_outline(app->r, (float)p.x, (float)p.y, (float)p.w, (float)p.h, 1, vl_ui_rgb(0x5A626Cu));
    vl_ui_text_draw(app->text, 22, "Rules for the next game", (float)p.x + 20, (float)p.y + 16, vl_ui_panel_fg(),
                    VL_ALIGN_LEFT);
    vl_ui_text_draw(app->text, 13, "Charges: the whole charge phase follows one of these (G, J, U)", (float)p.x + 20,
                    (float)l.charge[0].y - 20, vl_ui_panel_dim(), VL_ALIGN_LEFT);
    for (int c = 0; c < 3; c++) {
        SDL_Rect r = l.charge[c];
        bool on = (int)o.charge_rules == c, ok = vl_charge_rules_playable((VlChargeRules)c);
        vl_ui_gfx_rect(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h,
                       vl_ui_rgb(on ? 0x2F4B6Bu : vl_ui_hovered(app, r) && ok ? 0x2C3137u : VL_UI_PANEL_BG));
        tick_box(app, (float)r.x + 8, (float)r.y + 12, on, ok);
        vl_ui_text_draw(app->text, 15, vl_charge_rules_title((VlChargeRules)c), (float)r.x + 34, (float)r.y + 3,
                        ok ? vl_ui_panel_fg() : vl_ui_panel_dim(), VL_ALIGN_LEFT);
        char line[300];
        if (ok)
            snprintf(line, sizeof line, "%s", charge_source[c]);
        else
            snprintf(line, sizeof line, "%s \xC2\xB7 not yet played in a game by this version (volley rules)",
                     charge_source[c]);
        vl_ui_text_draw(app->text, 12, line, (float)r.x + 34, (float)r.y + 22, vl_ui_panel_dim(), VL_ALIGN_LEFT);
    }
    vl_ui_text_draw(app->text, 13,
                    "Republic advanced rules (republic-advanced-rules.txt): optional rules added to Good Old Rebel; "
                    "click to switch",
                    (float)p.x + 20, (float)l.rep_top - 22, vl_ui_panel_dim(), VL_ALIGN_LEFT);
    for (int k = 0; k < VL_REP_COUNT; k++) {
        SDL_Rect r = l.rep[k];
        bool on = vl_rep_on(&o, (VlRepOption)k), ok = vl_rep_option_playable((VlRepOption)k);
        if (vl_ui_hovered(app, r) && ok)
            vl_ui_gfx_rect(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h, vl_ui_rgb(0x2C3137u));
        tick_box(app, (float)r.x + 8, (float)r.y + 4, on, ok);
        /* Its name on the first line, what it does (or that it is not played yet) on the second,
         * each shortened to the row. */
        char name[80], what[400];
        snprintf(name, sizeof name, "%s %s", vl_rep_option_id((VlRepOption)k), vl_rep_option_title((VlRepOption)k));
        snprintf(what, sizeof what, "%s%s", ok ? "" : "not yet played by this version \xC2\xB7 ",
                 vl_rep_option_summary((VlRepOption)k));
        SDL_Rect clip = {r.x + 30, r.y, r.w - 34, r.h};
        SDL_RenderSetClipRect(app->r, &clip);
        vl_ui_text_draw(app->text, 13, name, (float)r.x + 32, (float)r.y + 2, ok ? vl_ui_panel_fg() : vl_ui_panel_dim(),
                        VL_ALIGN_LEFT);
        if (r.h >= 34)
            vl_ui_text_draw_fit(app, 11, what, (float)r.x + 32, (float)r.y + 19, clip.w - 4, vl_ui_panel_dim());
        SDL_RenderSetClipRect(app->r, NULL);
    }
    vl_ui_panel_button(app, l.none, "No Republic options", false, o.republic != 0);
    vl_ui_panel_button(app, l.done, "Done  (Enter)", true, true);
    int nmsg = app->nmsg;
    if (nmsg > 0 && app->msg[nmsg - 1].bad)
        vl_ui_text_draw_wrapped(app->text, 12, app->msg[nmsg - 1].text, (float)l.none.x + l.none.w + 16,
                                (float)l.none.y, vl_ui_rgb(0xFF8A80u), l.done.x - l.none.x - l.none.w - 32);
}

void vl_ui_draw_rules_button(VlUiApp *app)
{
    SDL_Rect b = vl_ui_rules_menu_button(app);
    VlRuleOptions o = vl_ui_rules_chosen(app);
    char desc[400], label[460];
    vl_rule_options_describe(&o, false, desc, sizeof desc);
    snprintf(label, sizeof label, "Rules: %s  (R to change)", desc);
    vl_ui_panel_button(app, b, label, false, true);
}
