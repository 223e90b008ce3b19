/* The test-charge sandbox's comparison: the charge in hand judged under each charge system
 * Volley knows (Good Old Rebel, JR III, Gunson) by the same resolver the game uses, shown side by
 * side (what each says, how far, which face, supports, the test or throw it needs, its reasons),
 * with keys 7, 8 and 9 to draw one system's path on the table. It answers "which rules are we
 * playing?" by showing where they part. */
#include "compare.h"
#include "panels.h"
#include "scene.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const short_names[3] = {"Good Old Rebel", "JR III", "Gunson"};

void vl_ui_compare_update(VlUiApp *app, const VlWorld *w, int u, int t)
{
    VlUiCompare *c = &app->compare;
    c->have = true;
    for (int r = 0; r < 3; r++) {
        VlChargeOrder o = vl_ui_charge_order(w, u, t);
        o.rules = (VlChargeRules)r;
        o.ignore_turn_flags = true; /* the sandbox asks "if it charged this instant" */
        vl_resolve_charge(w, &o, &c->v[r]);
    }
    if (c->shown < 0 || c->shown > 2)
        c->shown = (int)w->options.charge_rules;
    /* The table shows the path of the system chosen. */
    app->view.charge = c->v[c->shown];
    app->view.have_charge = true;
}

void vl_ui_compare_clear(VlUiApp *app) { app->compare.have = false; }

bool vl_ui_compare_key(VlUiApp *app, SDL_Keycode k)
{
    if (!app->sandbox || !app->compare.have || k < SDLK_7 || k > SDLK_9)
        return false;
    app->compare.shown = (int)(k - SDLK_7);
    app->view.charge = app->compare.v[app->compare.shown];
    return true;
}

/* The throw or test a verdict needs, in words. */
static void test_text(const VlUiApp *app, const VlWorld *w, const VlChargeVerdict *v, char *s, size_t size)
{
    if (!v->legal && !v->depends_on_die) {
        snprintf(s, size, "-");
        return;
    }
    switch (v->rules) {
    case VL_RULES_GOR: {
        VlChargeProspect p;
        vl_ui_charge_prospect(app, w, v, &p);
        char need[64];
        vl_ui_need_text(need, sizeof need, &p.charger);
        snprintf(s, size, p.charger.taken ? "morale test: %s" : "no morale test", need);
        break;
    }
    case VL_RULES_JR3:
        snprintf(s, size, "%s%s", v->disorder ? "disordered by its oblique" : "in good order",
                 v->nclose_support ? ", defender has close support" : "");
        break;
    case VL_RULES_GUNSON:
        if (v->needs_throw)
            snprintf(s, size, "charge throw: %d or more on 1D6", v->throw_needed);
        else
            snprintf(s, size, "no charge throw (flank or rear)");
        break;
    }
}

/* Where the comparison goes: in the sandbox it takes the dice log's place in the side panel (the
 * sandbox rolls no dice), so it covers nothing on the table. */
static SDL_Rect band(const VlUiApp *app) { return app->rects.log; }

SDL_Rect vl_ui_compare_rect(const VlUiApp *app) { return band(app); }

void vl_ui_draw_compare(VlUiApp *app, const VlWorld *w)
{
    const VlUiCompare *c = &app->compare;
    if (!app->sandbox)
        return;
    SDL_Rect b = band(app);
    vl_ui_gfx_rect(app->r, (float)b.x, (float)b.y, (float)b.w, (float)b.h, vl_ui_rgb(VL_UI_PANEL_BG));
    float y0 = (float)b.y + 6;
    vl_ui_text_draw(app->text, 14, "The charge under each rule set", (float)b.x + 10, y0, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    y0 += 20;
    if (!c->have) {
        vl_ui_text_draw_wrapped(app->text, 12,
                                "Select a unit and point at an enemy: its charge is judged under Good Old Rebel, "
                                "JR III and Gunson side by side. Keys 7, 8 and 9 draw each one's path.",
                                (float)b.x + 10, y0, vl_ui_panel_dim(), b.w - 20);
        return;
    }
    int bh = (int)((float)(b.y + b.h) - y0) / 3;
    for (int r = 0; r < 3; r++) {
        const VlChargeVerdict *v = &c->v[r];
        SDL_Rect col = {b.x + 4, (int)y0 + r * bh, b.w - 8, bh - 4};
        float x = (float)col.x + 6, y = (float)col.y + 3, wrap = (float)col.w - 12;
        if (r == c->shown)
            vl_ui_gfx_rect(app->r, (float)col.x, (float)col.y, (float)col.w, (float)col.h, vl_ui_rgb(0x2F4B6Bu));
        else
            vl_ui_gfx_rect_outline(app->r, (float)col.x, (float)col.y, (float)col.w, (float)col.h, 1, vl_ui_rgb(0x3A4047u));
        SDL_RenderSetClipRect(app->r, &col);
        bool ok = v->legal || v->depends_on_die;
        char s[320];
        snprintf(s, sizeof s, "%d  %s%s%s", 7 + r, short_names[r], r == (int)w->options.charge_rules ? " (this game)" : "",
                 r == c->shown ? ": path shown" : "");
        vl_ui_text_draw(app->text, 13, s, x, y, vl_ui_panel_fg(), VL_ALIGN_LEFT);
        y += 18;
        if (ok && v->rules == VL_RULES_JR3)
            snprintf(s, sizeof s, "charges %.1f in (at most %.1f), strikes the %s", v->distance, v->max_reach,
                     vl_face_name(v->face));
        else if (ok)
            snprintf(s, sizeof s, "charges %.1f of %.1f in%s, strikes the %s", v->distance, v->allowance_min,
                     v->depends_on_die ? " (die permitting)" : "", vl_face_name(v->face));
        else
            snprintf(s, sizeof s, "no charge%s", !v->eligible || v->reachable ? "" : ": out of reach or blocked");
        y += (float)vl_ui_text_draw_wrapped(app->text, 12, s, x, y, ok ? vl_ui_rgb(VL_UI_GOOD) : vl_ui_rgb(0xFF8A80u),
                                            (int)wrap);
        if (ok) {
            char t[200];
            test_text(app, w, v, t, sizeof t);
            snprintf(s, sizeof s, "%d support%s; %s", v->nsupports, v->nsupports == 1 ? "" : "s", t);
            y += (float)vl_ui_text_draw_wrapped(app->text, 12, s, x, y, vl_ui_panel_fg(), (int)wrap);
        }
        /* Its reasons: the refusals first, then what speaks for it, as room allows. */
        float bottom = (float)(col.y + col.h) - 12;
        for (int pass = 0; pass < 2 && y < bottom; pass++)
            for (int i = 0; i < v->why.n && y < bottom; i++) {
                const VlReason *re = &v->why.r[i];
                if (re->ok != (pass == 1))
                    continue;
                snprintf(s, sizeof s, "%s: %s", re->clause, re->text);
                y += (float)vl_ui_text_draw_wrapped(app->text, 11, s, x, y,
                                                    re->ok ? vl_ui_panel_dim() : vl_ui_rgb(0xFF8A80u), (int)wrap);
            }
        SDL_RenderSetClipRect(app->r, NULL);
    }
}
