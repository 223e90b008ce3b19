/* The settings screen (dialog.h, VL_DIALOG_SETTINGS): every setting of settings.h that the player
 * sets, one row each, with its choices side by side; the overlays a new game starts with as check
 * boxes named as the overlay legend names them. Reached from the main menu (O) and from the
 * in-game menu (O); each change is written to the settings file at once. The mouse clicks a choice;
 * the keyboard moves with Up/Down (Tab), changes a row with Left/Right, toggles or goes on with
 * Space/Enter, and each row has a letter of its own; Esc goes back.
 *
 * Where each setting is read: ai_delay_ms by the computer's players (think.c, through
 * app->opt.ai_delay_ms); confirm_end_phase by vl_ui_end_phase_asks (dialog.c); default_overlays
 * when a new game starts (session.c); animation, label_density and phase_help by the parts that
 * show those (the watchable opponent, the label placer's density, the phase panel). */
#include "dialog.h"

#include <stdio.h>
#include <string.h>

#include "panels.h"
#include "settings.h"

_Static_assert(VL_SET_BACK - VL_SET_OVERLAY0 == VL_OVERLAY_COUNT, "one check box per overlay");

/* ---- the rows ---- */

typedef struct Row {
    const char *name;
    SDL_Keycode key;
    const char *key_name;
    int n;
    const char *choice[VL_SET_MAX_CHOICES];
    const char *hint;
} Row;

static const Row rows[VL_SET_OVERLAY0] = {
    [VL_SET_PAUSE] = {"Pause between the computer's orders", SDLK_p, "P", VL_UI_AI_NPAUSES,
                      {"0.7 s", "0.35 s", "0.15 s", "none"},
                      "How long the screen waits after each of the computer's orders when they are not animated (animations off, or the computer against itself)."},
    [VL_SET_ANIMATION] = {"Animations of the other side's orders", SDLK_n, "N", VL_UI_ANIM_COUNT,
                          {"off", "fast", "normal", "slow"},
                          "How the computer's (or the other player's) moves, fire and charges are played out on the table."},
    [VL_SET_CONFIRM] = {"Ask before ending a phase with units left", SDLK_a, "A", 2, {"on", "off"},
                        "Ending a fire, charge or movement phase while units could still act asks once first."},
    [VL_SET_LABELS] = {"Labels on the table", SDLK_l, "L", VL_UI_LABELS_COUNT, {"few", "units", "all"},
                       "few: the selected and hovered units and the objectives; units: every unit's name; all: terrain too."},
    [VL_SET_PHASE_HELP] = {"The \"now you can\" panel", SDLK_y, "Y", 2, {"on", "off"},
                           "A panel that says what the phase lets you do and how."},
};

_Static_assert(VL_UI_AI_NPAUSES <= VL_SET_MAX_CHOICES && VL_UI_ANIM_COUNT <= VL_SET_MAX_CHOICES &&
                   VL_UI_LABELS_COUNT <= VL_SET_MAX_CHOICES,
               "every row's choices fit");

int vl_ui_settings_choices(int row) { return row >= 0 && row < VL_SET_OVERLAY0 ? rows[row].n : 0; }

const char *vl_ui_settings_choice_name(int row, int k)
{
    return k >= 0 && k < vl_ui_settings_choices(row) ? rows[row].choice[k] : "";
}

int vl_ui_settings_current(const VlUiApp *app, int row)
{
    const VlUiSettings *s = &app->settings;
    switch (row) {
    case VL_SET_PAUSE: {
        static const int pauses[VL_UI_AI_NPAUSES] = VL_UI_AI_PAUSES;
        for (int k = 0; k < VL_UI_AI_NPAUSES; k++)
            if (pauses[k] == app->opt.ai_delay_ms)
                return k;
        return -1; /* --ai-delay gave one the settings do not list: none lit */
    }
    case VL_SET_ANIMATION: return s->animation;
    case VL_SET_CONFIRM: return s->confirm_end_phase ? 0 : 1;
    case VL_SET_LABELS: return s->label_density;
    case VL_SET_PHASE_HELP: return s->phase_help ? 0 : 1;
    default: return -1;
    }
}

void vl_ui_settings_keep(VlUiApp *app)
{
    if (!app->opt.settings_path[0])
        return;
    char err[600];
    if (!vl_ui_settings_save(app->opt.settings_path, &app->settings, err, sizeof err))
        vl_ui_app_message(app, true, "%s", err);
}

void vl_ui_settings_set(VlUiApp *app, int item, int k)
{
    VlUiSettings *s = &app->settings;
    if (item >= VL_SET_OVERLAY0 && item < VL_SET_BACK) {
        unsigned bit = 1u << (item - VL_SET_OVERLAY0);
        s->default_overlays = k == 0 ? s->default_overlays | bit : s->default_overlays & ~bit;
        vl_ui_settings_keep(app);
        return;
    }
    if (k < 0 || k >= vl_ui_settings_choices(item))
        return;
    switch (item) {
    case VL_SET_PAUSE: {
        static const int pauses[VL_UI_AI_NPAUSES] = VL_UI_AI_PAUSES;
        app->opt.ai_delay_ms = s->ai_delay_ms = pauses[k];
        break;
    }
    case VL_SET_ANIMATION: s->animation = k; break;
    case VL_SET_CONFIRM: s->confirm_end_phase = k == 0; break;
    case VL_SET_LABELS:
        s->label_density = k;
        vl_ui_invalidate_table(app); /* the labels are drawn into the table's cache */
        break;
    case VL_SET_PHASE_HELP: s->phase_help = k == 0; break;
    default: return;
    }
    vl_ui_settings_keep(app);
}

/* ---- layout ---- */

#define ROW_H 34
#define ROW_GAP 8
#define CHECK_H 26

void vl_ui_settings_layout(const VlUiApp *app, VlSettingsLayout *l)
{
    memset(l, 0, sizeof *l);
    int w = app->width - 40 < 760 ? app->width - 40 : 760;
    /* title 20+30, rows, the overlays' heading and three rows of two, Back, the hint line */
    int h = 20 + 34 + VL_SET_OVERLAY0 * (ROW_H + ROW_GAP) + 10 + 22 + 3 * (CHECK_H + 6) + 12 + 36 + 12 + 36 + 14;
    if (h > app->height - 20)
        h = app->height - 20;
    l->box = (SDL_Rect){(app->width - w) / 2, (app->height - h) / 2, w, h};
    int x = l->box.x + 20, inner = w - 40, y = l->box.y + 20 + 34;
    /* The choices take the right part, at least 4 x 70 px; the name the rest. */
    int cw = inner * 47 / 100;
    if (cw < 4 * 70)
        cw = 4 * 70;
    if (cw > inner - 180)
        cw = inner - 180;
    for (int r = 0; r < VL_SET_OVERLAY0; r++) {
        l->row[r] = (SDL_Rect){x, y, inner, ROW_H};
        int n = rows[r].n, each = (cw - (VL_SET_MAX_CHOICES - 1) * 4) / VL_SET_MAX_CHOICES;
        /* Right-aligned, all chips as wide as a four-choice row's. */
        int cx = x + inner - n * each - (n - 1) * 4;
        for (int k = 0; k < n; k++)
            l->choice[r][k] = (SDL_Rect){cx + k * (each + 4), y + 2, each, ROW_H - 4};
        y += ROW_H + ROW_GAP;
    }
    y += 10;
    l->overlay_head = (SDL_Rect){x, y, inner, 20};
    y += 22;
    int half = (inner - 10) / 2;
    for (int o = 0; o < VL_OVERLAY_COUNT; o++)
        l->overlay[o] = (SDL_Rect){x + (o % 2) * (half + 10), y + (o / 2) * (CHECK_H + 6), half, CHECK_H};
    y += 3 * (CHECK_H + 6) + 12;
    l->hint = (SDL_Rect){x, y, inner, 36};
    y += 36 + 12;
    l->back = (SDL_Rect){x + inner - 180, y, 180, 36};
}

/* ---- events ---- */

static void go_back(VlUiApp *app)
{
    if (app->screen == VL_SCREEN_GAME && app->game)
        vl_ui_dialog_open(app, VL_DIALOG_GAME_MENU);
    else
        app->dialog.kind = VL_DIALOG_NONE;
}

static bool overlay_on(const VlUiApp *app, int o) { return (app->settings.default_overlays >> o) & 1u; }

/* Space or Enter on item @p i: the next choice of a row (round), an overlay toggled, Back. */
static void activate(VlUiApp *app, int i)
{
    if (i < VL_SET_OVERLAY0) {
        int k = vl_ui_settings_current(app, i);
        vl_ui_settings_set(app, i, (k + 1) % rows[i].n);
    } else if (i < VL_SET_BACK) {
        vl_ui_settings_set(app, i, overlay_on(app, i - VL_SET_OVERLAY0) ? 1 : 0);
    } else {
        go_back(app);
    }
}

void vl_ui_settings_event(VlUiApp *app, const SDL_Event *e)
{
    int *focus = &app->dialog.focus;
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        bool shift = (e->key.keysym.mod & KMOD_SHIFT) != 0;
        if (k == SDLK_ESCAPE && !e->key.repeat) {
            go_back(app);
        } else if (k == SDLK_DOWN || (k == SDLK_TAB && !shift)) {
            *focus = (*focus + 1) % VL_SET_ITEMS;
        } else if (k == SDLK_UP || (k == SDLK_TAB && shift)) {
            *focus = (*focus + VL_SET_ITEMS - 1) % VL_SET_ITEMS;
        } else if ((k == SDLK_LEFT || k == SDLK_RIGHT) && *focus < VL_SET_OVERLAY0) {
            int c = vl_ui_settings_current(app, *focus) + (k == SDLK_RIGHT ? 1 : -1);
            if (c >= 0 && c < rows[*focus].n)
                vl_ui_settings_set(app, *focus, c);
        } else if ((k == SDLK_LEFT || k == SDLK_RIGHT) && *focus >= VL_SET_OVERLAY0 && *focus < VL_SET_BACK) {
            /* The check boxes stand two a row: Left and Right go across. */
            int o = *focus - VL_SET_OVERLAY0;
            *focus = VL_SET_OVERLAY0 + (o ^ 1);
        } else if ((k == SDLK_SPACE || k == SDLK_RETURN || k == SDLK_KP_ENTER) && !e->key.repeat) {
            activate(app, *focus);
        } else if (k >= SDLK_1 && k < SDLK_1 + VL_OVERLAY_COUNT && !e->key.repeat) {
            *focus = VL_SET_OVERLAY0 + (int)(k - SDLK_1);
            activate(app, *focus);
        } else if (!e->key.repeat) {
            for (int r = 0; r < VL_SET_OVERLAY0; r++)
                if (rows[r].key == k) {
                    *focus = r;
                    activate(app, r);
                }
        }
        return;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        int x = e->button.x, y = e->button.y;
        VlSettingsLayout l;
        vl_ui_settings_layout(app, &l);
        for (int r = 0; r < VL_SET_OVERLAY0; r++)
            for (int k = 0; k < rows[r].n; k++)
                if (vl_ui_in_rect(l.choice[r][k], x, y)) {
                    *focus = r;
                    vl_ui_settings_set(app, r, k);
                    return;
                }
        for (int o = 0; o < VL_OVERLAY_COUNT; o++)
            if (vl_ui_in_rect(l.overlay[o], x, y)) {
                *focus = VL_SET_OVERLAY0 + o;
                activate(app, *focus);
                return;
            }
        if (vl_ui_in_rect(l.back, x, y))
            go_back(app);
    }
}

/* ---- the picture ---- */

static void focus_ring(VlUiApp *app, SDL_Rect r)
{
    vl_ui_gfx_rect_outline(app->r, (float)r.x - 3, (float)r.y - 3, (float)r.w + 6, (float)r.h + 6, 2, vl_ui_rgb(VL_UI_HIGHLIGHT));
}

void vl_ui_draw_settings(VlUiApp *app)
{
    VlSettingsLayout l;
    vl_ui_settings_layout(app, &l);
    int focus = app->dialog.focus;
    vl_ui_gfx_rect(app->r, 0, 0, (float)app->width, (float)app->height, vl_ui_rgba(0x000000u, 160));
    vl_ui_gfx_rect(app->r, (float)l.box.x, (float)l.box.y, (float)l.box.w, (float)l.box.h, vl_ui_rgb(VL_UI_PANEL_BG));
    vl_ui_gfx_rect_outline(app->r, (float)l.box.x, (float)l.box.y, (float)l.box.w, (float)l.box.h, 2, vl_ui_rgb(VL_UI_HIGHLIGHT));
    float x = (float)l.box.x + 20;
    vl_ui_text_draw(app->text, 17, "Settings", x, (float)l.box.y + 18, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    vl_ui_text_draw(app->text, 12, app->opt.settings_path[0] ? "Each change is kept for the next time you play."
                                                            : "Kept for this run only (no settings file here).",
                    (float)(l.box.x + l.box.w - 20), (float)l.box.y + 23, vl_ui_panel_dim(), VL_ALIGN_RIGHT);
    for (int r = 0; r < VL_SET_OVERLAY0; r++) {
        SDL_Rect row = l.row[r];
        char name[120];
        snprintf(name, sizeof name, "%s  %s", rows[r].key_name, rows[r].name);
        /* The name is cut at the first choice rather than run under it. */
        SDL_Rect clip = {row.x, row.y, l.choice[r][0].x - row.x - 8, row.h};
        SDL_RenderSetClipRect(app->r, &clip);
        int tw, th;
        vl_ui_text_size(app->text, 14, name, &tw, &th);
        vl_ui_text_draw(app->text, 14, name, (float)row.x, (float)row.y + (float)(row.h - th) / 2,
                        focus == r ? vl_ui_rgb(VL_UI_HIGHLIGHT) : vl_ui_panel_fg(), VL_ALIGN_LEFT);
        SDL_RenderSetClipRect(app->r, NULL);
        int cur = vl_ui_settings_current(app, r);
        for (int k = 0; k < rows[r].n; k++) {
            SDL_Rect c = l.choice[r][k];
            bool on = k == cur, hover = vl_ui_hovered(app, c);
            vl_ui_gfx_rect(app->r, (float)c.x, (float)c.y, (float)c.w, (float)c.h,
                           vl_ui_rgb(on ? 0x3B6EA5u : hover ? 0x4A535Du : VL_UI_PANEL_LINE));
            vl_ui_gfx_rect_outline(app->r, (float)c.x, (float)c.y, (float)c.w, (float)c.h, 1, vl_ui_rgb(0x5A626Cu));
            vl_ui_text_size(app->text, 13, rows[r].choice[k], &tw, &th);
            vl_ui_text_draw(app->text, 13, rows[r].choice[k], (float)c.x + (float)c.w / 2, (float)c.y + (float)(c.h - th) / 2,
                            vl_ui_panel_fg(), VL_ALIGN_CENTRE);
        }
        if (focus == r)
            focus_ring(app, (SDL_Rect){l.choice[r][0].x, row.y + 2, l.choice[r][rows[r].n - 1].x + l.choice[r][rows[r].n - 1].w - l.choice[r][0].x, row.h - 4});
    }
    vl_ui_text_draw(app->text, 14, "Overlays a new game starts with (1 to 6)", (float)l.overlay_head.x, (float)l.overlay_head.y,
                    focus >= VL_SET_OVERLAY0 && focus < VL_SET_BACK ? vl_ui_rgb(VL_UI_HIGHLIGHT) : vl_ui_panel_fg(), VL_ALIGN_LEFT);
    for (int o = 0; o < VL_OVERLAY_COUNT; o++) {
        SDL_Rect c = l.overlay[o];
        bool on = overlay_on(app, o), hover = vl_ui_hovered(app, c);
        if (hover)
            vl_ui_gfx_rect(app->r, (float)c.x, (float)c.y, (float)c.w, (float)c.h, vl_ui_rgb(0x2C3137u));
        float bx = (float)c.x + 6, by = (float)c.y + (float)(c.h - 14) / 2;
        vl_ui_gfx_rect(app->r, bx, by, 14, 14, on ? vl_ui_rgb(0xF0F0F0u) : vl_ui_rgb(0x1E2226u));
        vl_ui_gfx_rect_outline(app->r, bx, by, 14, 14, 1, vl_ui_panel_dim());
        if (on) {
            vl_ui_gfx_line(app->r, bx + 3, by + 7, bx + 6, by + 10.5f, 2, vl_ui_rgb(0x1E2226u));
            vl_ui_gfx_line(app->r, bx + 6, by + 10.5f, bx + 11, by + 3.5f, 2, vl_ui_rgb(0x1E2226u));
        }
        SDL_Rect clip = {c.x + 26, c.y, c.w - 28, c.h};
        SDL_RenderSetClipRect(app->r, &clip);
        int tw, th;
        vl_ui_text_size(app->text, 13, vl_ui_overlay_name(o), &tw, &th);
        vl_ui_text_draw(app->text, 13, vl_ui_overlay_name(o), (float)c.x + 28, (float)c.y + (float)(c.h - th) / 2, vl_ui_panel_fg(),
                        VL_ALIGN_LEFT);
        SDL_RenderSetClipRect(app->r, NULL);
        if (focus == VL_SET_OVERLAY0 + o)
            focus_ring(app, c);
    }
    const char *hint = focus < VL_SET_OVERLAY0 ? rows[focus].hint
                     : focus < VL_SET_BACK     ? "Each overlay can still be turned on and off during a game with its key."
                                               : "Back to where you came from (Esc).";
    vl_ui_text_draw_wrapped(app->text, 12, hint, (float)l.hint.x, (float)l.hint.y, vl_ui_panel_dim(), l.hint.w);
    vl_ui_text_draw(app->text, 11, "Up/Down choose  \xC2\xB7  Left/Right change  \xC2\xB7  Space toggle  \xC2\xB7  Esc back",
                    (float)l.hint.x, (float)(l.back.y + (l.back.h - 12) / 2), vl_ui_panel_dim(), VL_ALIGN_LEFT);
    vl_ui_panel_button(app, l.back, "Esc  Back", focus == VL_SET_BACK || vl_ui_hovered(app, l.back), true);
}
