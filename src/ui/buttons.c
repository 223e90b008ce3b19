/* The game screen's buttons (VlUiBar): the action bar under the table (the selected unit's orders
 * that fit the phase, then Undo, Save and End phase), the tools of the phase bar, the overlay
 * toggles of the legend and the standing orders. Built from what is shown, like the input, and
 * giving, when clicked, what their keys give (input.c). */
#include "input.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const VlUiButton *vl_ui_button_at(const VlUiBar *bar, float x, float y)
{
    for (int i = 0; bar && i < bar->n; i++)
        if (vl_ui_in_rectf(&bar->b[i].rect, x, y))
            return &bar->b[i];
    return NULL;
}

const VlUiButton *vl_ui_button_find(const VlUiBar *bar, VlUiButtonKind kind, int arg)
{
    for (int i = 0; bar && i < bar->n; i++)
        if (bar->b[i].kind == kind && (arg < 0 || bar->b[i].arg == arg))
            return &bar->b[i];
    return NULL;
}

const char *vl_ui_button_name(VlUiButtonKind kind)
{
    static const char *const names[VL_BTN_KIND_COUNT] = {"end-phase", "line",    "column",  "skirmish", "square",
                                                         "limber",    "double",  "rally",   "undo",     "save",
                                                         "sandbox",   "help",    "overlay", "reaction"};
    return kind >= 0 && kind < VL_BTN_KIND_COUNT ? names[kind] : NULL;
}

void vl_ui_next_phase_label(const VlGame *g, char *out, size_t size)
{
    const VlScenario *s = vl_game_world_const(g)->scenario;
    int side = vl_game_active_side(g);
    if (vl_game_over(g, NULL, NULL)) {
        snprintf(out, size, "the game is over");
        return;
    }
    switch (vl_game_phase(g)) {
    case VL_PHASE_ARTILLERY: snprintf(out, size, "fire"); break;
    case VL_PHASE_FIRE: snprintf(out, size, "charge"); break;
    case VL_PHASE_CHARGE: snprintf(out, size, "movement"); break;
    case VL_PHASE_MOVEMENT: snprintf(out, size, "rally"); break;
    case VL_PHASE_RALLY:
        /* GOR-TURN-1: the second side's turn, or the next game turn (the first side again). */
        if (side == s->first_side && s->nsides > 1)
            snprintf(out, size, "%s's turn", s->sides[1 - side].name);
        else if (vl_game_turn(g) >= s->turns)
            snprintf(out, size, "the end of the game");
        else
            snprintf(out, size, "turn %d", vl_game_turn(g) + 1);
        break;
    default: snprintf(out, size, "next phase"); break;
    }
}

static int text_width(VlText *t, int size, const char *s)
{
    if (!s[0])
        return 0;
    int w = 0, h = 0;
    vl_ui_text_size(t, size, s, &w, &h);
    if (!t) /* no font: about half an em a character */
        w = (int)((float)strlen(s) * (float)size * 0.55f);
    return w;
}

static int button_width(VlText *t, const VlUiButton *b, int pad)
{
    int w = text_width(t, VL_UI_BUTTON_FONT, b->label) + 2 * pad;
    if (b->key[0])
        w += VL_UI_KEY_GAP + text_width(t, VL_UI_KEY_FONT, b->key);
    return w;
}

static VlUiButton *add_button(VlUiBar *bar, VlUiButtonKind kind, int arg, const char *label, const char *key, bool enabled,
                              bool on)
{
    if (bar->n >= VL_UI_MAX_BUTTONS)
        return NULL;
    VlUiButton *b = &bar->b[bar->n++];
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->arg = arg;
    b->enabled = enabled;
    b->on = on;
    snprintf(b->label, sizeof b->label, "%s", label);
    snprintf(b->key, sizeof b->key, "%s", key);
    return b;
}

/* A formation button for unit u: enabled when the game would take the order now, "on" for the
 * formation the unit is in. */
static void formation_button(VlUiBar *bar, const VlUiInputCtx *ctx, VlUiButtonKind kind, SDL_Keycode key, const char *label,
                             const char *keyname)
{
    const VlWorld *w = vl_game_world_const(ctx->game);
    int u = ctx->selected;
    VlUiAction a = vl_ui_formation_action(ctx, key);
    bool on = false, enabled = false;
    if (a.kind == VL_ACT_COMMAND) {
        const VlStep *st = &a.cmd.move.steps[0];
        on = st->formation == vl_world_unit(w, u)->formation &&
             (w->scenario->units[u].type != VL_CAVALRY || st->mounted == w->units[u].mounted);
        enabled = !on && vl_game_check(ctx->game, &a.cmd, NULL);
    }
    add_button(bar, kind, 0, label, keyname, enabled, on);
}

/* The selected unit's orders that fit the phase; short labels when @p compact (a narrow window). */
static void unit_buttons(VlUiBar *bar, const VlUiInputCtx *ctx, const VlUiGesture *g, bool compact)
{
    const VlWorld *w = vl_game_world_const(ctx->game);
    int u = ctx->selected;
    if (!vl_ui_is_mine(ctx, u))
        return;
    VlPhase phase = vl_game_phase(ctx->game);
    VlUnitType type = w->scenario->units[u].type;
    if (phase == VL_PHASE_MOVEMENT) {
        bool mounted = w->units[u].mounted;
        switch (type) {
        case VL_INFANTRY:
            formation_button(bar, ctx, VL_BTN_LINE, SDLK_l, "Line", "L");
            formation_button(bar, ctx, VL_BTN_COLUMN, SDLK_c, compact ? "Col." : "Column", "C");
            formation_button(bar, ctx, VL_BTN_SKIRMISH, SDLK_s, compact ? "Skirm." : "Skirmish", "S");
            formation_button(bar, ctx, VL_BTN_SQUARE, SDLK_q, compact ? "Sq." : "Square", "Q");
            add_button(bar, VL_BTN_DOUBLE, 0, compact ? "Double" : "Double time", "D", true, g->doubled);
            break;
        case VL_CAVALRY:
            /* D-SCN-3: mounted in line or column, dismounted in skirmish order or square. */
            formation_button(bar, ctx, VL_BTN_LINE, SDLK_l, mounted ? "Line" : compact ? "Mount: L" : "Mount: line", "L");
            formation_button(bar, ctx, VL_BTN_COLUMN, SDLK_c, mounted ? (compact ? "Col." : "Column") : compact ? "Mount: C" : "Mount: column", "C");
            formation_button(bar, ctx, VL_BTN_SKIRMISH, SDLK_s, !mounted ? (compact ? "Skirm." : "Skirmish") : compact ? "Dism.: S" : "Dismount: skirmish", "S");
            formation_button(bar, ctx, VL_BTN_SQUARE, SDLK_q, !mounted ? (compact ? "Sq." : "Square") : compact ? "Dism.: Q" : "Dismount: square", "Q");
            if (mounted)
                add_button(bar, VL_BTN_DOUBLE, 0, "Gallop", "D", true, g->doubled);
            break;
        case VL_ARTILLERY: {
            bool limbered = vl_world_unit(w, u)->formation == VL_FORM_LIMBERED;
            formation_button(bar, ctx, VL_BTN_LIMBER, SDLK_u, limbered ? "Unlimber" : "Limber", "U");
            break;
        }
        default: break;
        }
    } else if (phase == VL_PHASE_RALLY && type != VL_GENERAL) {
        VlCommand c = vl_ui_unit_command(VL_CMD_RALLY, u, -1);
        add_button(bar, VL_BTN_RALLY, 0, "Rally", "R", vl_game_check(ctx->game, &c, NULL), false);
    }
}

/* Lay out buttons first..bar->n-1 in a row from x (dir 1) or ending at x (dir -1). Returns the far end. */
static int row(VlUiBar *bar, int first, VlText *t, int x, int y, int h, int dir, int pad)
{
    for (int i = first; i < bar->n; i++) {
        VlUiButton *b = &bar->b[i];
        int w = button_width(t, b, pad);
        b->rect = (SDL_Rect){dir > 0 ? x : x - w, y, w, h};
        x += dir * (w + VL_UI_BUTTON_GAP);
    }
    return x - dir * VL_UI_BUTTON_GAP;
}

static void clear_keys(VlUiBar *bar, int from)
{
    for (int i = from; i < bar->n; i++)
        bar->b[i].key[0] = 0;
}

static void action_bar(VlUiBar *bar, const VlUiInputCtx *ctx, const VlUiGesture *g, SDL_Rect area, VlText *t)
{
    if (area.w <= 0 || area.h <= 0 || ctx->replay)
        return;
    bool orders = ctx->can_order && !ctx->sandbox;
    bool over = vl_game_over(ctx->game, NULL, NULL);
    int margin = area.h >= 40 ? 7 : 3, h = area.h - 2 * margin, y = area.y + margin;
    /* End phase names the phase it leads to; in the charge phase, the charges it resolves. */
    char label[sizeof ((VlUiButton *)0)->label], next[48]; /* a button's label: the longest is some 72 bytes */
    vl_ui_next_phase_label(ctx->game, next, sizeof next);
    int units[64], targets[64];
    int nd = vl_game_phase(ctx->game) == VL_PHASE_CHARGE ? vl_game_declared_charges(ctx->game, units, targets, 64) : 0;
    bool send = g->fixed > 0 && g->kind == VL_GEST_NONE && orders; /* Enter sends a chained order */
    int first = bar->n;
    /* With the keys shown if they fit; else without; else with short labels, packed tighter. */
    for (int level = 0; level < 3; level++) {
        bool compact = level == 2;
        int pad = compact ? 5 : VL_UI_BUTTON_PAD;
        if (over)
            snprintf(label, sizeof label, "Game over");
        else if (send)
            snprintf(label, sizeof label, compact ? "Send" : "Send the order");
        else if (nd > 0 && !compact)
            snprintf(label, sizeof label, "Resolve %d charge%s \xE2\x96\xB8 %s", nd, nd == 1 ? "" : "s", next);
        else
            snprintf(label, sizeof label, "%s \xE2\x96\xB8 %s", compact ? "End" : "End phase", next);
        bar->n = first;
        /* Right: End phase, Save, Undo. Left: the selected unit's orders. */
        add_button(bar, VL_BTN_END_PHASE, 0, label, "Enter", orders && !over, false);
        add_button(bar, VL_BTN_SAVE, 0, "Save", "Ctrl+S", !ctx->sandbox, false);
        add_button(bar, VL_BTN_UNDO, 0, "Undo", "Ctrl+Z", orders, false);
        int mid = bar->n;
        if (orders)
            unit_buttons(bar, ctx, g, compact);
        if (level > 0)
            clear_keys(bar, first);
        int last = bar->n;
        bar->n = mid;
        int right = row(bar, first, t, area.x + area.w - (compact ? 6 : 10), y, h, -1, pad);
        bar->n = last;
        int left = row(bar, mid, t, area.x + (compact ? 6 : 10), y, h, 1, pad);
        if (left + (compact ? 6 : 16) <= right)
            return;
    }
}

void vl_ui_buttons(VlUiBar *bar, const VlUiInputCtx *ctx, const VlUiGesture *g, const VlUiBarAreas *areas, VlText *text)
{
    bar->n = 0;
    if (!ctx->game)
        return;
    action_bar(bar, ctx, g, areas->actions, text);
    /* The standing orders of the side to play (D-GAME-2), one toggle a row. */
    SDL_Rect o = areas->orders;
    if (o.w > 0 && o.h > 0 && !ctx->replay) {
        static const struct {
            unsigned bit;
            const char *label, *brief;
        } react[3] = {{VL_REACT_SQUARE, "Square against cavalry (GOR-CHG-9)", "Square vs cavalry"},
                      {VL_REACT_SKIRMISH_BACK, "Skirmishers fall back (GOR-CHG-8)", "Skirmishers back"},
                      {VL_REACT_CAVALRY_BACK, "Cavalry falls back (GOR-CHG-7)", "Cavalry back"}};
        int rh = (o.h - 2 * VL_UI_BUTTON_GAP) / 3;
        bool narrow = false; /* the labels leave room for the check box (30 px) */
        for (int i = 0; i < 3; i++)
            narrow = narrow || text_width(text, VL_UI_REACTION_FONT, react[i].label) + 30 > o.w;
        for (int i = 0; i < 3; i++) {
            VlUiButton *b = add_button(bar, VL_BTN_REACTION, (int)react[i].bit, narrow ? react[i].brief : react[i].label, "",
                                       ctx->can_order && !ctx->sandbox, (ctx->reactions & react[i].bit) != 0);
            if (b)
                b->rect = (SDL_Rect){o.x, o.y + i * (rh + VL_UI_BUTTON_GAP), o.w, rh};
        }
    }
    /* Tools, right-aligned: the sandbox and the keys. */
    SDL_Rect tl = areas->tools;
    if (tl.w > 0 && tl.h > 0) {
        int start = bar->n;
        add_button(bar, VL_BTN_HELP, 0, "Keys", "H", true, ctx->help);
        if (!ctx->replay)
            add_button(bar, VL_BTN_SANDBOX, 0, "Test charge", "T", true, ctx->sandbox);
        row(bar, start, text, tl.x + tl.w, tl.y, tl.h, -1, VL_UI_BUTTON_PAD);
    }
    /* Overlays 1-6, small squares. */
    SDL_Rect ov = areas->overlays;
    if (ov.w > 0 && ov.h > 0) {
        for (int i = 0; i < VL_UI_OVERLAYS; i++) {
            char label[4];
            snprintf(label, sizeof label, "%d", i + 1);
            VlUiButton *b = add_button(bar, VL_BTN_OVERLAY, i, label, "", true, (ctx->overlays >> i) & 1u);
            if (b)
                b->rect = (SDL_Rect){ov.x + i * (ov.h + 4), ov.y, ov.h + 2, ov.h};
        }
    }
}
