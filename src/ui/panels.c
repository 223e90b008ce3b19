/* The panels around the table: the phase bar, the unit card, the dice log, messages, the overlay
 * legend and scale bar, and the screens that are mostly panels (menu, hand-over, confirm, help,
 * replay controls). */
#include "panels.h"
#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>


SDL_Color vl_ui_panel_fg(void) { return vl_ui_rgb(VL_UI_PANEL_FG); }
SDL_Color vl_ui_panel_dim(void) { return vl_ui_rgb(VL_UI_PANEL_DIM); }

void vl_ui_text_draw_fit(VlUiApp *app, int size, const char *s, float x, float y, int w, SDL_Color c)
{
    int tw, th;
    vl_ui_text_size(app->text, size, s, &tw, &th);
    if (tw <= w) {
        vl_ui_text_draw(app->text, size, s, x, y, c, VL_ALIGN_LEFT);
        return;
    }
    char buf[400];
    size_t n = strlen(s) < sizeof buf - 4 ? strlen(s) : sizeof buf - 4;
    while (n > 0) {
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) /* whole characters only */
            n--;
        snprintf(buf, sizeof buf, "%.*s\xE2\x80\xA6", (int)n, s);
        vl_ui_text_size(app->text, size, buf, &tw, &th);
        if (tw <= w)
            break;
        n--;
    }
    if (n > 0)
        vl_ui_text_draw(app->text, size, buf, x, y, c, VL_ALIGN_LEFT);
}

const char *vl_ui_side_name(const VlScenario *s, int side)
{
    return side >= 0 && side < s->nsides ? s->sides[side].name : "?";
}

void vl_ui_swatch(VlUiApp *app, float x, float y, float size, int side)
{
    vl_ui_gfx_rect(app->r, x, y, size, size, vl_ui_side_color(side, 255));
    vl_ui_gfx_rect_outline(app->r, x, y, size, size, 1.5f, vl_ui_rgb(0xFFFFFFu));
}

void vl_ui_panel_button(VlUiApp *app, SDL_Rect r, const char *label, bool on, bool enabled)
{
    SDL_Color bg = on ? vl_ui_rgb(0x3B6EA5u) : enabled ? vl_ui_rgb(VL_UI_PANEL_LINE) : vl_ui_rgb(0x2A2E33u);
    vl_ui_gfx_rect(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h, bg);
    vl_ui_gfx_rect_outline(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h, 1, vl_ui_rgb(0x5A626Cu));
    int tw, th;
    vl_ui_text_size(app->text, 14, label, &tw, &th);
    vl_ui_text_draw(app->text, 14, label, (float)r.x + (float)r.w / 2, (float)r.y + (float)(r.h - th) / 2,
                 enabled ? vl_ui_panel_fg() : vl_ui_panel_dim(), VL_ALIGN_CENTRE);
}

/* A button of the game screen: the label, and its key small and dim after it. */
static void draw_ui_button(VlUiApp *app, const VlUiButton *b)
{
    SDL_Rect r = b->rect;
    bool hover = b->enabled && vl_ui_hovered(app, r);
    bool primary = b->kind == VL_BTN_END_PHASE && b->enabled;
    unsigned bgc = b->on ? (b->enabled || b->kind != VL_BTN_REACTION ? 0x3B6EA5u : 0x2C4A6Bu) : primary ? (hover ? 0x3E8A5Eu : 0x2F7350u) : !b->enabled ? 0x2A2E33u : hover ? 0x4A535Du : VL_UI_PANEL_LINE;
    vl_ui_gfx_rect(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h, vl_ui_rgb(bgc));
    vl_ui_gfx_rect_outline(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h, 1, vl_ui_rgb(hover ? 0x8A949Eu : 0x5A626Cu));
    SDL_Color tc = b->enabled || b->on ? vl_ui_panel_fg() : vl_ui_rgb(0x7A8088u);
    if (b->kind == VL_BTN_REACTION) {
        /* A check box and the label after it. */
        float bx = (float)r.x + 8, by = (float)r.y + (float)(r.h - 14) / 2;
        vl_ui_gfx_rect(app->r, bx, by, 14, 14, b->on ? vl_ui_rgb(0xF0F0F0u) : vl_ui_rgb(0x1E2226u));
        vl_ui_gfx_rect_outline(app->r, bx, by, 14, 14, 1, vl_ui_rgb(VL_UI_PANEL_DIM));
        if (b->on) {
            vl_ui_gfx_line(app->r, bx + 3, by + 7, bx + 6, by + 10.5f, 2, vl_ui_rgb(0x1E2226u));
            vl_ui_gfx_line(app->r, bx + 6, by + 10.5f, bx + 11, by + 3.5f, 2, vl_ui_rgb(0x1E2226u));
        }
        int tw, th;
        vl_ui_text_size(app->text, VL_UI_REACTION_FONT, b->label, &tw, &th);
        vl_ui_text_draw(app->text, VL_UI_REACTION_FONT, b->label, bx + 22, (float)r.y + (float)(r.h - th) / 2, tc, VL_ALIGN_LEFT);
        vl_ui_rule_spot(app, r, b->label);
        return;
    }
    int lw, lh, kw = 0, kh = 0;
    vl_ui_text_size(app->text, VL_UI_BUTTON_FONT, b->label, &lw, &lh);
    if (b->key[0])
        vl_ui_text_size(app->text, VL_UI_KEY_FONT, b->key, &kw, &kh);
    float total = (float)lw + (kw ? (float)(VL_UI_KEY_GAP + kw) : 0);
    float x = (float)r.x + ((float)r.w - total) / 2, y = (float)r.y + (float)(r.h - lh) / 2;
    vl_ui_text_draw(app->text, VL_UI_BUTTON_FONT, b->label, x, y, tc, VL_ALIGN_LEFT);
    if (kw)
        vl_ui_text_draw(app->text, VL_UI_KEY_FONT, b->key, x + (float)(lw + VL_UI_KEY_GAP), y + (float)(lh - kh) / 2 + 1,
                     vl_ui_rgb(0xB8BEC4u), VL_ALIGN_LEFT);
}

/* ---- the phase bar ---- */

static const char *phase_hint(VlPhase p)
{
    switch (p) {
    case VL_PHASE_ARTILLERY: return "Select a battery, click an enemy to aim, click it again to fire.";
    case VL_PHASE_FIRE: return "Select a unit, click an enemy to aim, click it again to fire.";
    case VL_PHASE_CHARGE: return "Drag from a unit onto an enemy to declare a charge.";
    case VL_PHASE_MOVEMENT: return "Drag to advance, a front corner to wheel, Shift-drag to drift.";
    case VL_PHASE_RALLY: return "Select a unit with HITs or routed, then Rally (R).";
    case VL_PHASE_OVER: return "The game is over.";
    default: return "";
    }
}

void vl_ui_bar_layout(VlUiApp *app, const VlGame *g, VlBarLayout *l)
{
    memset(l, 0, sizeof *l);
    SDL_Rect b = app->rects.bar;
    const VlScenario *s = vl_game_world_const(g)->scenario;
    int side = vl_game_active_side(g);
    VlPhase ph = vl_game_phase(g);
    int y = b.y + 8, x = b.x + 10, tw, th;
    /* Everything ends where the tool buttons begin. */
    int right = b.x + b.w - 10;
    for (int i = 0; i < app->view.buttons.n; i++) {
        const SDL_Rect *r = &app->view.buttons.b[i].rect;
        if (r->y >= b.y && r->y + r->h <= b.y + b.h && r->x - 14 < right)
            right = r->x - 14;
    }
    l->right = right;
    if (app->screen == VL_SCREEN_REPLAY) {
        vl_ui_text_size(app->text, 15, "REPLAY", &tw, &th);
        l->replay = (SDL_Rect){x, y, tw, th};
        x += tw + 12;
    }
    l->swatch = (SDL_Rect){x, b.y + 9, 16, 16};
    x += 24;
    int winner;
    const char *why;
    l->over = vl_game_over(g, &winner, &why);
    /* The title, from the longest: the first that fits before the tools (the last is cut there). */
    char titles[3][320];
    if (l->over) {
        const char *who = winner < 0 ? "a draw" : vl_ui_side_name(s, winner);
        snprintf(titles[0], sizeof titles[0], winner < 0 ? "Game over: %s \xC2\xB7 %s" : "Game over: %s wins \xC2\xB7 %s", who, why ? why : "");
        snprintf(titles[1], sizeof titles[1], winner < 0 ? "Game over: %s" : "Game over: %s wins", who);
        snprintf(titles[2], sizeof titles[2], winner < 0 ? "Over: %s" : "%s wins", who);
    } else {
        int turn = vl_game_turn(g) ? vl_game_turn(g) : 1;
        snprintf(titles[0], sizeof titles[0], "Turn %d of %d  \xC2\xB7  %s  \xC2\xB7  %s phase", turn, s->turns, vl_ui_side_name(s, side),
                 vl_phase_name(ph));
        snprintf(titles[1], sizeof titles[1], "Turn %d/%d \xC2\xB7 %s \xC2\xB7 %s", turn, s->turns, vl_ui_side_name(s, side), vl_phase_name(ph));
        snprintf(titles[2], sizeof titles[2], "T%d \xC2\xB7 %s", turn, vl_phase_name(ph));
    }
    int k = 0;
    for (; k < 2; k++) {
        vl_ui_text_size(app->text, 15, titles[k], &tw, &th);
        if (x + tw <= right)
            break;
    }
    memcpy(l->title, titles[k], sizeof l->title);
    vl_ui_text_size(app->text, 15, l->title, &tw, &th);
    if (x + tw > right)
        tw = right - x > 0 ? right - x : 0;
    l->title_r = (SDL_Rect){x, y - 1, tw, th};
    x += tw + 18;
    /* The score at the right, "(unsaved)" after it; what does not fit after the title is left out. */
    bool dirty = app->screen == VL_SCREEN_GAME && vl_ui_app_dirty(app);
    int sw = 0, sh = 0;
    for (int j = dirty ? 0 : 1; j < 2; j++) {
        char score[320];
        snprintf(score, sizeof score, "%s %d \xE2\x80\x93 %d %s%s", vl_ui_side_name(s, 0), vl_game_points(g, 0), vl_game_points(g, 1),
                 vl_ui_side_name(s, 1), j == 0 ? "   (unsaved)" : "");
        vl_ui_text_size(app->text, 13, score, &sw, &sh);
        if (right - sw >= x - 6) {
            snprintf(l->score, sizeof l->score, "%s", score);
            l->score_r = (SDL_Rect){right - sw, y + 1, sw, sh};
            break;
        }
    }
    if (l->over)
        return;
    /* The hint between them, when it fits. */
    l->hint = app->sandbox ? "SANDBOX: drag any unit (corner or Shift turns it), hover an enemy to test. T leaves."
            : app->screen == VL_SCREEN_REPLAY ? "Left/Right step, Shift phase, Ctrl turn, Space play, Esc leave."
            : !app->human[side] ? (app->ai.thinking ? "The computer is thinking..." : "The computer is playing...")
                                : phase_hint(ph);
    int hw, hh;
    vl_ui_text_size(app->text, 13, l->hint, &hw, &hh);
    int limit = l->score[0] ? l->score_r.x - 20 : right;
    if (x + hw <= limit)
        l->hint_r = (SDL_Rect){x, y + 1, hw, hh};
}

static void draw_bar(VlUiApp *app, const VlGame *g)
{
    SDL_Rect b = app->rects.bar;
    vl_ui_gfx_rect(app->r, (float)b.x, (float)b.y, (float)b.w, (float)b.h, vl_ui_rgb(VL_UI_BAR_BG));
    VlBarLayout l;
    vl_ui_bar_layout(app, g, &l);
    if (l.replay.w)
        vl_ui_text_draw(app->text, 15, "REPLAY", (float)l.replay.x, (float)l.replay.y, vl_ui_rgb(VL_UI_HIGHLIGHT), VL_ALIGN_LEFT);
    vl_ui_swatch(app, (float)l.swatch.x, (float)l.swatch.y, 16, vl_game_active_side(g));
    SDL_Rect clip = {l.title_r.x, b.y, l.title_r.w, b.h};
    SDL_RenderSetClipRect(app->r, &clip);
    vl_ui_text_draw(app->text, 15, l.title, (float)l.title_r.x, (float)l.title_r.y, l.over ? vl_ui_rgb(VL_UI_HIGHLIGHT) : vl_ui_panel_fg(),
                    VL_ALIGN_LEFT);
    SDL_RenderSetClipRect(app->r, NULL);
    if (l.score[0])
        vl_ui_text_draw(app->text, 13, l.score, (float)l.score_r.x, (float)l.score_r.y, vl_ui_panel_dim(), VL_ALIGN_LEFT);
    if (l.hint_r.w)
        vl_ui_text_draw(app->text, 13, l.hint, (float)l.hint_r.x, (float)l.hint_r.y,
                        app->sandbox ? vl_ui_rgb(VL_UI_HIGHLIGHT) : vl_ui_panel_dim(), VL_ALIGN_LEFT);
}

/* ---- the unit card ---- */

static void refresh_card(VlUiApp *app, const VlGame *g, int u)
{
    uint64_t h = vl_game_hash(g);
    if (app->view.card.unit == u && app->view.card.hash == h)
        return;
    const VlWorld *w = vl_game_world_const(g);
    app->view.card.unit = u;
    app->view.card.hash = h;
    for (int f = 0; f < 4; f++)
        app->view.card.threat[f] = -1;
    app->view.card.nsup = 0;
    app->view.card.fire = app->view.card.fire_blocked = -1;
    if (w->scenario->units[u].type == VL_GENERAL || !vl_world_present(w, u))
        return;
    vl_threatened_faces(w, u, app->view.card.threat, NULL);
    app->view.card.nsup = vl_rear_supports(w, u, app->view.card.sup, 8, NULL);
    app->view.card.fire = vl_fire_target(w, u, &app->view.card.fire_blocked, NULL);
}

static float card_line(VlUiApp *app, float x, float y, int width, const char *s, SDL_Color c)
{
    int h = vl_ui_text_draw_wrapped(app->text, 13, s, x, y, c, width);
    vl_ui_rule_spot(app, (SDL_Rect){(int)x, (int)y, width, h}, s); /* a rule id in it explains itself */
    return y + (float)h + 2;
}

/* The lines a unit stands astride that make a move rough (GOR-MOVE-1: crossing a fence, wall,
 * hedge or stream, or a hill's edge), as the card's ground line says them after the areas. */
static int ground_lines(const VlWorld *w, const VlFootprint *fp, char *buf, size_t size)
{
    int n = 0;
    for (int t = 0; t < w->scenario->nterrain && n >= 0 && (size_t)n < size; t++) {
        const VlTerrain *f = vl_battlefield_terrain(w->bf, t);
        bool hill = f->type == VL_T_HILL;
        if (!hill && !vl_terrain_rough_line(f->type))
            continue;
        int nseg = hill ? f->npts : f->npts - 1;
        bool on = false;
        for (int s = 0; s < nseg && !on; s++) {
            VlVec2 seg[2] = {f->pts[s], f->pts[(s + 1) % f->npts]};
            on = vl_footprint_distance_to_convex(fp, seg, 2) <= 0;
        }
        if (!on)
            continue;
        const char *kind = vl_terrain_type_name(f->type), *name = vl_terrain_label(w->scenario, t);
        bool named = strcmp(kind, name) != 0;
        n += snprintf(buf + n, size - (size_t)n, "%s%s%s%s%s%s", n ? ", " : "; astride ", hill ? "the edge of " : "",
                      named ? name : kind, named ? " (" : "", named ? kind : "", named ? ")" : "");
    }
    if (n > 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, ": rough to move across");
    return n;
}

void vl_ui_card_ground(const VlWorld *w, int u, char *buf, size_t size)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlTerrainUnder tu;
    vl_terrain_under(w->bf, &fu->fp, &tu);
    int n = snprintf(buf, size, "Ground:");
    for (int t = 0; t < VL_T_AREAL_COUNT && n >= 0 && (size_t)n < size; t++)
        if (tu.fraction[t] > 0.005)
            n += snprintf(buf + n, size - (size_t)n, " %.0f%% %s,", tu.fraction[t] * 100, vl_terrain_type_name((VlTerrainType)t));
    if (n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, " %.0f%% open", tu.open * 100);
    if (n >= 0 && (size_t)n < size)
        ground_lines(w, &fu->fp, buf + n, size - (size_t)n);
}

static float draw_card(VlUiApp *app, const VlGame *g, SDL_Rect area)
{
    const VlWorld *w = vl_game_world_const(g);
    float x = (float)area.x + 12, y = (float)area.y + 10;
    int width = area.w - 24;
    int u = app->view.selected;
    if (u < 0 || u >= w->nunits) {
        y = card_line(app, x, y, width, "No unit selected.", vl_ui_panel_dim());
        y = card_line(app, x, y, width, "Click a unit to see its card; H shows every key, K what the marks mean.", vl_ui_panel_dim());
        return y + 8;
    }
    refresh_card(app, g, u);
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlUnitState *st = &w->units[u];
    char buf[400];
    vl_ui_swatch(app, x, y + 2, 14, su->side);
    y = (float)vl_ui_text_draw_wrapped(app->text, 15, vl_unit_full_name(w->scenario, u), x + 22, y, vl_ui_panel_fg(), width - 22) + y + 2;
    snprintf(buf, sizeof buf, "%s \xC2\xB7 %s", vl_ui_side_name(w->scenario, su->side),
             su->brigade >= 0 ? vl_brigade_label(w->scenario, su->brigade)
             : su->brigade_label[0] ? vl_brigade_label_by_id(w->scenario, su->brigade_label) : "independent");
    y = card_line(app, x, y, width, buf, vl_ui_panel_dim());
    if (su->type == VL_GENERAL)
        snprintf(buf, sizeof buf, "General, %s", vl_quality_name(su->quality));
    else
        snprintf(buf, sizeof buf, "%s, %s%s, %s, %s", vl_unit_type_name(su->type), vl_formation_name(fu->formation),
                 su->type == VL_CAVALRY ? (st->mounted ? " (mounted)" : " (dismounted)") : "", vl_weapon_name(fu->weapon),
                 vl_quality_name(su->quality));
    y = card_line(app, x, y, width, buf, vl_ui_panel_fg());
    if (!vl_world_present(w, u)) {
        y = card_line(app, x, y, width, st->waiting ? "Not yet arrived (reinforcement)." : "Gone from the table.", vl_ui_panel_dim());
        return y + 8;
    }
    char flags[160] = "";
    if (st->routed)
        strcat(flags, "ROUTED  ");
    if (st->fired)
        strcat(flags, "fired  ");
    if (st->charged)
        strcat(flags, "charged  ");
    if (st->acted)
        strcat(flags, "acted  ");
    if (st->charged_last_turn)
        strcat(flags, "charged last turn  ");
    snprintf(buf, sizeof buf, "HITs: %d   %s", st->hits, flags);
    y = card_line(app, x, y, width, buf, st->hits || st->routed ? vl_ui_rgb(0xFF8A80u) : vl_ui_panel_fg());
    double dist = -1;
    bool cmd = vl_world_in_command(w, u, &dist);
    int gen = vl_world_commander(w, u);
    if (su->type != VL_GENERAL) {
        if (gen >= 0)
            snprintf(buf, sizeof buf, "%s (%.1f in from %s) \xC2\xB7 level %d", cmd ? "In command" : "Out of command", dist,
                     vl_unit_label(w->scenario, gen), vl_unit_level(w, u));
        else
            snprintf(buf, sizeof buf, "No brigade commander on the table \xC2\xB7 level %d", vl_unit_level(w, u));
        y = card_line(app, x, y, width, buf, cmd ? vl_ui_panel_fg() : vl_ui_rgb(0xFFB74Du));
    }
    vl_ui_card_ground(w, u, buf, sizeof buf);
    int n;
    y = card_line(app, x, y, width, buf, vl_ui_panel_fg());
    if (su->type != VL_GENERAL) {
        VlAllowance a = vl_move_allowance(w, fu->type, fu->formation, st->mounted, VL_GROUND_OPEN, 0);
        VlAllowance r = vl_move_allowance(w, fu->type, fu->formation, st->mounted, VL_GROUND_ROUGH, 0);
        if (a.can_move)
            snprintf(buf, sizeof buf, "Moves %g in open, %g%s in rough (GOR-MOVE-1)", a.max, r.min,
                     r.min < r.max ? "+" : "");
        else
            snprintf(buf, sizeof buf, "Cannot move: may only turn or change formation");
        y = card_line(app, x, y, width, buf, vl_ui_panel_fg());
        n = snprintf(buf, sizeof buf, "Threatened:");
        int nthreat = 0;
        static const char *const faces[4] = {"front", "right flank", "rear", "left flank"};
        for (int f = 1; f < 4; f++)
            if (app->view.card.threat[f] >= 0) {
                n += snprintf(buf + n, sizeof buf - (size_t)n, "%s %s by %s", nthreat ? ";" : "", faces[f],
                              vl_unit_label(w->scenario, app->view.card.threat[f]));
                nthreat++;
            }
        if (!nthreat)
            snprintf(buf + n, sizeof buf - (size_t)n, " no flank or rear");
        y = card_line(app, x, y, width, buf, nthreat ? vl_ui_rgb(VL_UI_HIGHLIGHT) : vl_ui_panel_fg());
        if (app->view.card.nsup) {
            n = snprintf(buf, sizeof buf, "Supported from the rear by");
            for (int i = 0; i < app->view.card.nsup; i++)
                n += snprintf(buf + n, sizeof buf - (size_t)n, "%s %s", i ? "," : "",
                              vl_unit_label(w->scenario, app->view.card.sup[i]));
            y = card_line(app, x, y, width, buf, vl_ui_panel_fg());
        }
        if (app->view.card.fire >= 0)
            snprintf(buf, sizeof buf, "Small-arms target (GOR-FIRE-1): %s", vl_unit_label(w->scenario, app->view.card.fire));
        else if (app->view.card.fire_blocked >= 0)
            snprintf(buf, sizeof buf, "Fire blocked by %s (GOR-FIRE-6)",
                     vl_unit_label(w->scenario, app->view.card.fire_blocked));
        else
            snprintf(buf, sizeof buf, "No small-arms target in its line of fire");
        if (fu->weapon != VL_WEAPON_NONE && fu->type != VL_ARTILLERY)
            y = card_line(app, x, y, width, buf, vl_ui_panel_fg());
    }
    return y + 8;
}

/* The odds an intent was weighed by, as a line under its reason. */
static void intent_numbers(const VlAiIntent *it, char *buf, size_t size)
{
    int n = snprintf(buf, size, "score %.2f", it->score);
    switch (it->kind) {
    case VL_CMD_FIRE:
    case VL_CMD_ARTILLERY_FIRE:
        snprintf(buf + n, size - (size_t)n, " \xC2\xB7 %.1f HITs expected \xC2\xB7 %.0f%% the target must test", it->expected_hits,
                 100 * it->chance);
        break;
    case VL_CMD_CHARGE:
        snprintf(buf + n, size - (size_t)n, " \xC2\xB7 passes its morale %.0f%% \xC2\xB7 %.1f HITs expected", 100 * it->chance,
                 it->expected_hits);
        break;
    case VL_CMD_RALLY: snprintf(buf + n, size - (size_t)n, " \xC2\xB7 passes %.0f%%", 100 * it->chance); break;
    default: break;
    }
}

/* Overlay 6: the computer's decisions for the unit pointed at (or else the one selected), with
 * their reasons and odds. */
static float draw_card_plan(VlUiApp *app, const VlGame *g, SDL_Rect area, float y)
{
    if (!app->view.overlay[VL_OVERLAY_PLAN])
        return y;
    const VlWorld *w = vl_game_world_const(g);
    const VlAiIntent *its[8];
    int u = app->view.hover, n = u >= 0 && u < w->nunits ? vl_ui_plan_intents(app, u, its, 8) : 0;
    if (n == 0) {
        u = app->view.selected;
        n = u >= 0 && u < w->nunits ? vl_ui_plan_intents(app, u, its, 8) : 0;
    }
    if (n == 0)
        return y;
    float x = (float)area.x + 12;
    int width = area.w - 24;
    char buf[400];
    const VlAiPlan *p = &app->ai.plan[vl_world_side(w, u) & 1];
    vl_ui_gfx_rect(app->r, (float)area.x, y - 4, (float)area.w, 1, vl_ui_rgb(VL_UI_PANEL_LINE));
    snprintf(buf, sizeof buf, "The computer's plan for %s (turn %d, %s)", vl_unit_label(w->scenario, u), p->turn,
             vl_ai_level_name(p->level) ? vl_ai_level_name(p->level) : "");
    y = card_line(app, x, y, width, buf, vl_ui_rgb(VL_UI_HIGHLIGHT));
    /* The latest decisions first: the card has room for a few. */
    for (int i = n - 1; i >= 0 && i >= n - 3; i--) {
        const VlAiIntent *it = its[i];
        snprintf(buf, sizeof buf, "%s phase: %s", vl_phase_name(it->phase), it->reason);
        y = card_line(app, x, y, width, buf, vl_ui_panel_fg());
        intent_numbers(it, buf, sizeof buf);
        y = card_line(app, x + 10, y, width - 10, buf, vl_ui_panel_dim());
    }
    return y + 6;
}

/* ---- the dice log ---- */

static void draw_die(VlUiApp *app, float x, float y, int face, int sides, bool hit)
{
    vl_ui_gfx_rect(app->r, x, y, 16, 16, hit ? vl_ui_rgb(VL_UI_HIGHLIGHT) : vl_ui_rgb(0xF5F5F0u));
    vl_ui_gfx_rect_outline(app->r, x, y, 16, 16, 1, vl_ui_rgb(0x111111u));
    char s[8];
    snprintf(s, sizeof s, "%d", face);
    vl_ui_text_draw(app->text, sides == 10 ? 10 : 11, s, x + 8, y + 1, vl_ui_rgb(0x111111u), VL_ALIGN_CENTRE);
}

/* A roll's heading names whose phase it is, then the unit rolled for; a roll made for the other
 * side (a target's morale in the enemy's fire phase) names that side too, so it never reads as
 * that side firing: "T2 Union's fire phase \xC2\xB7 13th Alabama (Confederate) \xC2\xB7 GOR-FIRE-5". */
void vl_ui_dice_heading(const VlScenario *s, const VlDiceRoll *r, char *buf, size_t size)
{
    const char *who = r->unit >= 0 && r->unit < s->nunits ? vl_unit_label(s, r->unit) : "";
    int n = r->phase == VL_PHASE_EVENTS
                ? snprintf(buf, size, "T%d events", r->turn)
                : snprintf(buf, size, "T%d %s's %s phase", r->turn, vl_ui_side_name(s, r->phase_side), vl_phase_name(r->phase));
    if (who[0] && n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, " \xC2\xB7 %s", who);
    if (who[0] && r->side != r->phase_side && r->phase != VL_PHASE_EVENTS && n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, " (%s)", vl_ui_side_name(s, r->side));
    if (n >= 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, " \xC2\xB7 %s", r->clause);
}

static void draw_dice_log(VlUiApp *app, const VlGame *g, SDL_Rect area)
{
    const VlWorld *w = vl_game_world_const(g);
    int n;
    const VlDiceRoll *d = vl_game_dice(g, &n);
    vl_ui_gfx_rect(app->r, (float)area.x, (float)area.y, (float)area.w, 1, vl_ui_rgb(VL_UI_PANEL_LINE));
    char head[480];
    snprintf(head, sizeof head, "Dice log (%d roll%s)", n, n == 1 ? "" : "s");
    vl_ui_text_draw(app->text, 14, head, (float)area.x + 12, (float)area.y + 6, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    /* The rules the dice are rolled under, when they are more than Good Old Rebel alone: a line of
     * their own under the heading. */
    float rules_h = 0;
    if (w->options.charge_rules != VL_RULES_GOR || w->options.republic) {
        char rules[400];
        vl_rule_options_describe(&w->options, true, rules, sizeof rules);
        snprintf(head, sizeof head, "Rules: %s", rules);
        rules_h = (float)vl_ui_text_draw_wrapped(app->text, 11, head, (float)area.x + 12, (float)area.y + 25,
                                                 vl_ui_panel_dim(), area.w - 24) + 4;
    }
    if (app->view.log_scroll > n - 1)
        app->view.log_scroll = n > 0 ? n - 1 : 0;
    if (app->view.log_scroll < 0)
        app->view.log_scroll = 0;
    if (app->view.log_scroll > 0) {
        snprintf(head, sizeof head, "%d newer below", app->view.log_scroll);
        vl_ui_text_draw(app->text, 11, head, (float)(area.x + area.w - 12), (float)area.y + 8, vl_ui_panel_dim(), VL_ALIGN_RIGHT);
    }
    float top = (float)area.y + 28 + rules_h;
    float y = (float)(area.y + area.h) - 6;
    int width = area.w - 24;
    SDL_Rect clip = {area.x, (int)top, area.w, (int)(y - top)};
    SDL_RenderSetClipRect(app->r, &clip);
    for (int i = n - 1 - app->view.log_scroll; i >= 0 && y > top; i--) {
        const VlDiceRoll *r = &d[i];
        char line[360];
        snprintf(line, sizeof line, "%s", r->result[0] ? r->result : "(no result)");
        int h = vl_ui_text_wrapped_height(app->text, 12, line, width);
        /* The heading names whose phase and whose unit: it wraps rather than run off the panel. */
        char hdr[200];
        vl_ui_dice_heading(w->scenario, r, hdr, sizeof hdr);
        int hh = vl_ui_text_wrapped_height(app->text, 12, hdr, width);
        float entry_h = (float)hh + 2 + 20 + (float)h + 8;
        y -= entry_h;
        float yy = y;
        vl_ui_gfx_rect(app->r, (float)area.x + 8, yy + 2, 3, entry_h - 6, vl_ui_side_color(r->side, 255));
        vl_ui_text_draw_wrapped(app->text, 12, hdr, (float)area.x + 16, yy, vl_ui_rgb(0xC9D1D9u), width);
        SDL_Rect spot = {area.x + 16, (int)yy, width, hh}, seen = {area.x, (int)top, area.w, area.y + area.h - (int)top};
        if (SDL_IntersectRect(&spot, &seen, &spot)) /* only the part of the heading the log shows */
            vl_ui_rule_spot(app, spot, r->clause);
        yy += (float)hh + 2;
        float dx = (float)area.x + 16;
        for (int k = 0; k < r->ndice && k < 24; k++) {
            if (dx > (float)(area.x + area.w - 40))
                break;
            draw_die(app, dx, yy, r->dice[k], r->sides, false);
            dx += 19;
        }
        char extra[64] = "";
        if (r->modifier)
            snprintf(extra, sizeof extra, "%+d", r->modifier);
        if (r->need)
            snprintf(extra + strlen(extra), sizeof extra - strlen(extra), "%sneeds %d", extra[0] ? "  " : "", r->need);
        vl_ui_text_draw(app->text, 11, extra, dx + 4, yy + 2, vl_ui_panel_dim(), VL_ALIGN_LEFT);
        yy += 20;
        vl_ui_text_draw_wrapped(app->text, 12, line, (float)area.x + 16, yy, vl_ui_panel_fg(), width);
    }
    SDL_RenderSetClipRect(app->r, NULL);
    if (n == 0)
        vl_ui_text_draw(app->text, 12, "No dice rolled yet.", (float)area.x + 16, top + 4, vl_ui_panel_dim(), VL_ALIGN_LEFT);
}

/* ---- messages, legend, scale bar ---- */

/* The lowest pixel row free for panels over the table (the replay controls take the bottom). */
static float map_bottom(const VlUiApp *app)
{
    return (float)(app->rects.map.y + app->rects.map.h);
}

static void draw_messages(VlUiApp *app)
{
    if (app->watch.panel && app->screen == VL_SCREEN_GAME)
        return; /* the turn summary is up over them: it says what they said */
    /* Where they hide the fewest labels (layout.c), newest at the bottom. */
    int idx[VL_UI_MESSAGES_SHOWN];
    SDL_Rect box[VL_UI_MESSAGES_SHOWN];
    int n = vl_ui_message_layout(app, idx, box);
    for (int k = 0; k < n; k++) {
        const VlUiMessage *msg = &app->msg[idx[k]];
        SDL_Rect r = box[k];
        vl_ui_gfx_rect(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h, msg->bad ? vl_ui_rgba(0x8E0021u, 235) : vl_ui_rgba(0x1E2226u, 225));
        vl_ui_text_draw_wrapped(app->text, VL_UI_MESSAGE_FONT, msg->text, (float)r.x + 8, (float)r.y + 3, vl_ui_rgb(0xFFFFFFu), r.w - 16);
        vl_ui_rule_spot(app, r, msg->text);
    }
}

static void draw_scale_bar(VlUiApp *app)
{
    float px;
    double inches = vl_ui_camera_scale_bar(&app->cam, 160, &px);
    float x = (float)app->rects.map.x + 14, y = map_bottom(app) - 22;
    vl_ui_gfx_rect(app->r, x - 6, y - 20, px + 80, 34, vl_ui_rgba(0xFFFFFFu, 190));
    vl_ui_gfx_rect(app->r, x, y, px, 4, vl_ui_rgb(0x111111u));
    vl_ui_gfx_rect(app->r, x, y - 5, 2, 9, vl_ui_rgb(0x111111u));
    vl_ui_gfx_rect(app->r, x + px - 2, y - 5, 2, 9, vl_ui_rgb(0x111111u));
    if (inches >= 2)
        vl_ui_gfx_rect(app->r, x + px / 2 - 1, y - 3, 2, 7, vl_ui_rgb(0x111111u));
    char s[32];
    snprintf(s, sizeof s, inches < 1 ? "%.2g in" : "%g in", inches);
    vl_ui_text_draw(app->text, 12, s, x, y - 18, vl_ui_rgb(0x111111u), VL_ALIGN_LEFT);
    snprintf(s, sizeof s, "%.1f px/in", app->cam.zoom);
    vl_ui_text_draw(app->text, 10, s, x + px + 6, y - 4, vl_ui_rgb(0x444444u), VL_ALIGN_LEFT);
}

const char *vl_ui_overlay_name(int o)
{
    static const char *const names[VL_OVERLAY_COUNT] = {"1 fire corridors / artillery arcs", "2 primary zones (12 in)",
                                                         "3 command radius (8 in)", "4 threatened flanks",
                                                         "5 movement allowance (open)", "6 computer's plan"};
    return o >= 0 && o < VL_OVERLAY_COUNT ? names[o] : "";
}

static void draw_legend(VlUiApp *app, const VlGame *g)
{
    unsigned colours[VL_OVERLAY_COUNT] = {VL_UI_SIDE0, VL_UI_ZONE_TINT, 0x56B4E9u, VL_UI_HIGHLIGHT, VL_UI_GOOD, VL_UI_SIDE0};
    const VlScenario *sc = vl_game_world_const(g)->scenario;
    float x, y, w, h;
    vl_ui_legend_box(app, &x, &y, &w, &h);
    vl_ui_gfx_rect(app->r, x, y, w, h, vl_ui_rgba(VL_UI_BAR_BG, 200));
    /* The sides: colour and outline, so that they stay apart without colour too. */
    for (int s = 0; s < 2; s++) {
        float sx = x + 8 + (float)s * 120;
        vl_ui_gfx_rect(app->r, sx, y + 7, 18, 11, vl_ui_side_color(s, 255));
        SDL_FPoint box[4] = {{sx, y + 7}, {sx + 18, y + 7}, {sx + 18, y + 18}, {sx, y + 18}};
        if (s == 0)
            vl_ui_gfx_polyline(app->r, box, 4, 1.5f, true, vl_ui_rgb(0xFFFFFFu));
        else
            vl_ui_gfx_dashed(app->r, box, 4, 1.5f, true, 4, 3, vl_ui_rgb(0xFFFFFFu));
        vl_ui_text_draw(app->text, 12, vl_ui_side_name(sc, s), sx + 24, y + 5, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    }
    vl_ui_text_draw(app->text, 12, "Overlays", x + 8, y + 26, vl_ui_panel_dim(), VL_ALIGN_LEFT);
    for (int i = 0; i < app->view.buttons.n; i++)
        if (app->view.buttons.b[i].kind == VL_BTN_OVERLAY)
            draw_ui_button(app, &app->view.buttons.b[i]);
    float yy = y + 46;
    for (int i = 0; i < VL_OVERLAY_COUNT; i++) {
        if (!app->view.overlay[i])
            continue;
        vl_ui_gfx_rect(app->r, x + 8, yy + 2, 14, 12, vl_ui_rgba(colours[i], 200));
        if (i == VL_OVERLAY_FIRE || i == VL_OVERLAY_PLAN)
            vl_ui_gfx_rect(app->r, x + 15, yy + 2, 7, 12, vl_ui_rgba(VL_UI_SIDE1, 200));
        vl_ui_text_draw(app->text, 12, vl_ui_overlay_name(i), x + 28, yy, vl_ui_panel_fg(), VL_ALIGN_LEFT);
        yy += 18;
    }
}

/* The key help (H): what the mouse, the buttons and the keys do, as rows of a key and its words,
 * the words wrapped to the panel so that nothing is cut on a small window; the keys in two columns. */
typedef struct HelpRow {
    const char *key, *text;
} HelpRow;

static const HelpRow help_mouse[] = {
    {"click", "select a unit; the wheel zooms; a right or middle drag (or a left drag on open ground) pans"},
    {"movement", "drag the body to advance (a general rides anywhere), a front corner to wheel: the wheel is held, "
                 "drag its ghost on for the rest (Enter sends, Esc drops); Shift-drag drifts; Ctrl chains a step"},
    {"charge", "drag from your unit onto an enemy: the path, the face struck and the supports are shown"},
    {"fire", "click an enemy to aim (range, line of fire, cover), click it again to fire"},
    {"buttons", "under the table: the unit's orders, Undo, Save, End phase; the right panel's foot: the standing "
                "orders; the legend: overlays 1-6"},
};
static const HelpRow help_keys[] = {
    {"Enter", "end the phase (asks first while units could still act)"},
    {"L C S Q", "line, column, skirmish, square"},
    {"U", "limber / unlimber"},
    {"R", "rally"},
    {"D", "double time / gallop for the next move"},
    {"Ctrl+Z", "undo the last order not yet decided by dice"},
    {"Esc", "cancel or deselect; else the game menu (save, settings)"},
    {"1-6", "overlays: fire, zones, command, threats, moves, plan"},
    {"T", "test-charge sandbox (7 8 9: each rule set's path)"},
    {"M  V", "tape measure; line of sight from anywhere (drag; P pins)"},
    {"F arrows + -", "fit the table; pan; zoom"},
    {"B", "labels: few, units, all"},
    {"Ctrl+S  Ctrl+O", "save; load the newest save"},
    {"Ctrl+Q  F11", "quit; full screen"},
    {"Tab  End", "computer's turn: end this order; skip all"},
    {"H  K", "this help; what the marks on the table mean"},
    {"N  X", "the \"now you can\" panel; leave the lesson"},
    {"pointer", "rest it on a rule id to read the rule"},
};

#define HELP_FONT 12
#define HELP_HEAD 20

/* The help's rows from (x, y) in width w: their height, and drawn when @p draw. */
static float help_rows(VlUiApp *app, const HelpRow *rows, int n, int cols, float x, float y, float w, int key_w, bool draw)
{
    float col_w = (w - (float)(cols - 1) * 16) / (float)cols, top = y, row_y = y;
    for (int i = 0; i < n; i += cols) {
        float tallest = 0;
        for (int c = 0; c < cols && i + c < n; c++) {
            float cx = x + (float)c * (col_w + 16);
            int wrap = (int)col_w - key_w;
            int h = vl_ui_text_wrapped_height(app->text, HELP_FONT, rows[i + c].text, wrap);
            if (h == 0)
                h = 15;
            if (draw) {
                vl_ui_text_draw(app->text, HELP_FONT, rows[i + c].key, cx, row_y, vl_ui_rgb(0xC9D1D9u), VL_ALIGN_LEFT);
                vl_ui_text_draw_wrapped(app->text, HELP_FONT, rows[i + c].text, cx + (float)key_w, row_y, vl_ui_panel_fg(), wrap);
            }
            if ((float)h > tallest)
                tallest = (float)h;
        }
        row_y += tallest + 3;
    }
    return row_y - top;
}

/* Lay the help out in @p box's width (and draw it when @p draw); returns its height. */
static float help_pass(VlUiApp *app, SDL_Rect box, bool draw)
{
    float x = (float)box.x + 14, w = (float)box.w - 28, y = (float)box.y + 12;
    int cols = box.w >= 560 ? 2 : 1;
    static const char *const heads[2] = {"Mouse and buttons", "Keys"};
    for (int part = 0; part < 2; part++) {
        if (draw)
            vl_ui_text_draw(app->text, 13, heads[part], x, y, vl_ui_rgb(VL_UI_HIGHLIGHT), VL_ALIGN_LEFT);
        y += HELP_HEAD;
        y += part == 0 ? help_rows(app, help_mouse, (int)(sizeof help_mouse / sizeof help_mouse[0]), 1, x, y, w, 80, draw)
                       : help_rows(app, help_keys, (int)(sizeof help_keys / sizeof help_keys[0]), cols, x, y, w, cols == 2 ? 92 : 104, draw);
        y += 6;
    }
    return y - (float)box.y + 4;
}

SDL_Rect vl_ui_help_box(VlUiApp *app)
{
    SDL_Rect m = app->rects.map;
    int w = m.w - 20 < 820 ? m.w - 20 : 820;
    SDL_Rect box = {m.x + (m.w - w) / 2, m.y + 10, w, 0};
    box.h = (int)help_pass(app, box, false);
    if (box.h < m.h - 20)
        box.y = m.y + (m.h - box.h) / 2 < m.y + 40 ? m.y + (m.h - box.h) / 2 : m.y + 40;
    return box;
}

void vl_ui_draw_help(VlUiApp *app)
{
    SDL_Rect box = vl_ui_help_box(app);
    vl_ui_gfx_rect(app->r, (float)box.x, (float)box.y, (float)box.w, (float)box.h, vl_ui_rgba(VL_UI_BAR_BG, 240));
    vl_ui_gfx_rect_outline(app->r, (float)box.x, (float)box.y, (float)box.w, (float)box.h, 1, vl_ui_rgb(0x5A626Cu));
    help_pass(app, box, true);
}

/* The action bar under the table: End phase, Save, Undo, and the selected unit's orders. */
bool vl_ui_action_hint(VlUiApp *app, const VlGame *g, VlActionHint *h)
{
    memset(h, 0, sizeof *h);
    SDL_Rect a = app->rects.action;
    int left_end = a.x + a.w;
    for (int i = 0; i < app->view.buttons.n; i++) {
        const VlUiButton *b = &app->view.buttons.b[i];
        if (!SDL_HasIntersection(&b->rect, &a))
            continue;
        if (b->kind == VL_BTN_END_PHASE || b->kind == VL_BTN_SAVE || b->kind == VL_BTN_UNDO) {
            if (b->rect.x < left_end)
                left_end = b->rect.x;
        } else {
            return false; /* the unit in hand has orders there */
        }
    }
    if (app->sandbox)
        return false;
    /* No orders for the unit in hand: say how to get some. */
    VlPhase ph = vl_game_phase(g);
    int side = vl_game_active_side(g);
    h->text = vl_game_over(g, NULL, NULL) ? "Save the game, then watch it from the menu or with volley replay --view."
            : !app->human[side] ? "The computer is playing its turn."
            : ph == VL_PHASE_MOVEMENT ? "Select one of your units: its formation changes appear here."
            : ph == VL_PHASE_RALLY ? "Select a unit with HITs or routed: Rally appears here."
            : ph == VL_PHASE_CHARGE ? "Drag from one of your units onto an enemy to charge."
            : ph == VL_PHASE_FIRE ? "Select a unit, click an enemy to aim, again to fire."
            : ph == VL_PHASE_ARTILLERY ? "Select a battery, click an enemy to aim, again to fire."
                                       : "";
    h->room = (SDL_Rect){a.x + 12, a.y + 2, left_end - a.x - 24, a.h - 4};
    if (h->room.w < 60 || !h->text[0])
        return false;
    /* One line when it holds, else wrapped (a size smaller); clipped to the room only past that. */
    int tw, th;
    h->size = 13;
    vl_ui_text_size(app->text, h->size, h->text, &tw, &th);
    if (tw > h->room.w)
        h->size = 12;
    int wrap = h->room.w - 4;
    int hh = vl_ui_text_wrapped_height(app->text, h->size, h->text, wrap);
    vl_ui_text_size(app->text, h->size, h->text, &tw, &th);
    h->rect = (SDL_Rect){h->room.x + 2, a.y + (a.h - hh) / 2, tw < wrap ? tw : wrap, hh};
    return true;
}

static void draw_action_bar(VlUiApp *app, const VlGame *g)
{
    SDL_Rect a = app->rects.action;
    vl_ui_gfx_rect(app->r, (float)a.x, (float)a.y, (float)a.w, (float)a.h, vl_ui_rgb(VL_UI_BAR_BG));
    vl_ui_gfx_rect(app->r, (float)a.x, (float)a.y, (float)a.w, 1, vl_ui_rgb(VL_UI_PANEL_LINE));
    for (int i = 0; i < app->view.buttons.n; i++)
        if (SDL_HasIntersection(&app->view.buttons.b[i].rect, &a))
            draw_ui_button(app, &app->view.buttons.b[i]);
    VlActionHint h;
    if (!vl_ui_action_hint(app, g, &h))
        return;
    SDL_RenderSetClipRect(app->r, &h.room);
    vl_ui_text_draw_wrapped(app->text, h.size, h.text, (float)h.rect.x, (float)h.rect.y, vl_ui_panel_dim(), h.room.w - 4);
    SDL_RenderSetClipRect(app->r, NULL);
}

/* The side to play's standing orders (D-GAME-2), at the foot of the side panel. */
static void draw_standing_orders(VlUiApp *app, const VlGame *g)
{
    SDL_Rect o = app->rects.orders;
    const VlScenario *s = vl_game_world_const(g)->scenario;
    char head[160];
    int hw, hh;
    snprintf(head, sizeof head, "Standing orders \xC2\xB7 %s (D-GAME-2)", vl_ui_side_name(s, vl_game_active_side(g)));
    vl_ui_text_size(app->text, 13, head, &hw, &hh);
    if (hw > o.w) /* a narrow panel: without the rule */
        snprintf(head, sizeof head, "Standing orders \xC2\xB7 %s", vl_ui_side_name(s, vl_game_active_side(g)));
    vl_ui_gfx_rect(app->r, (float)app->rects.side.x, (float)o.y - 30, (float)app->rects.side.w, 1, vl_ui_rgb(VL_UI_PANEL_LINE));
    vl_ui_text_draw(app->text, 13, head, (float)o.x, (float)o.y - 23, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    vl_ui_rule_spot(app, (SDL_Rect){o.x, o.y - 23, hw, hh}, head);
    for (int i = 0; i < app->view.buttons.n; i++)
        if (app->view.buttons.b[i].kind == VL_BTN_REACTION)
            draw_ui_button(app, &app->view.buttons.b[i]);
}

#define SANDBOX_BANNER "TEST-CHARGE SANDBOX \xE2\x80\x94 nothing here changes the game"

SDL_Rect vl_ui_sandbox_banner(VlUiApp *app)
{
    int tw = 0, th = 0;
    vl_ui_text_size(app->text, 14, SANDBOX_BANNER, &tw, &th);
    SDL_Rect m = app->rects.map;
    return (SDL_Rect){m.x + m.w / 2 - tw / 2 - 10, m.y + 8, tw + 20, th + 8};
}

void vl_ui_draw_panels(VlUiApp *app, const VlGame *g)
{
    draw_bar(app, g);
    for (int i = 0; i < app->view.buttons.n; i++)
        if (app->view.buttons.b[i].kind == VL_BTN_SANDBOX || app->view.buttons.b[i].kind == VL_BTN_HELP)
            draw_ui_button(app, &app->view.buttons.b[i]);
    SDL_Rect side = app->rects.side;
    vl_ui_gfx_rect(app->r, (float)side.x, (float)side.y, (float)side.w, (float)side.h, vl_ui_rgb(VL_UI_PANEL_BG));
    float card_bottom = draw_card_plan(app, g, side, draw_card(app, g, side));
    if (app->screen == VL_SCREEN_GAME) {
        draw_standing_orders(app, g);
        draw_action_bar(app, g);
    }
    vl_ui_log_layout(app, card_bottom);
    draw_dice_log(app, g, app->rects.log);
    draw_legend(app, g);
    draw_scale_bar(app);
    draw_messages(app);
    if (app->view.help)
        vl_ui_draw_help(app);
    if (app->view.symbols)
        vl_ui_draw_symbols(app);
    if (app->sandbox) {
        vl_ui_draw_compare(app, vl_game_world_const(g));
        SDL_Rect m = app->rects.map;
        vl_ui_gfx_rect_outline(app->r, (float)m.x, (float)m.y, (float)m.w, (float)m.h, 4, vl_ui_rgb(VL_UI_HIGHLIGHT));
        SDL_Rect b = vl_ui_sandbox_banner(app);
        vl_ui_gfx_rect(app->r, (float)b.x, (float)b.y, (float)b.w, (float)b.h, vl_ui_rgb(VL_UI_HIGHLIGHT));
        vl_ui_text_draw(app->text, 14, SANDBOX_BANNER, (float)b.x + (float)b.w / 2, (float)b.y + 4, vl_ui_rgb(0x111111u),
                        VL_ALIGN_CENTRE);
    }
    if (app->view.confirm_quit)
        vl_ui_draw_confirm(app);
}

/* ---- confirm, hand-over ---- */

void vl_ui_draw_confirm(VlUiApp *app)
{
    vl_ui_gfx_rect(app->r, 0, 0, (float)app->width, (float)app->height, vl_ui_rgba(0x000000u, 140));
    VlConfirmLayout l;
    vl_ui_confirm_layout(app, &l);
    vl_ui_gfx_rect(app->r, (float)l.box.x, (float)l.box.y, (float)l.box.w, (float)l.box.h, vl_ui_rgb(VL_UI_PANEL_BG));
    vl_ui_gfx_rect_outline(app->r, (float)l.box.x, (float)l.box.y, (float)l.box.w, (float)l.box.h, 2, vl_ui_rgb(VL_UI_HIGHLIGHT));
    vl_ui_text_draw(app->text, 17, "This game has orders not yet saved.", (float)l.box.x + 20, (float)l.box.y + 20, vl_ui_panel_fg(),
                 VL_ALIGN_LEFT);
    vl_ui_text_draw(app->text, 13, "Save before leaving?", (float)l.box.x + 20, (float)l.box.y + 50, vl_ui_panel_dim(), VL_ALIGN_LEFT);
    vl_ui_panel_button(app, l.save, "S  Save and quit", false, true);
    vl_ui_panel_button(app, l.discard, "Q  Quit, don't save", false, true);
    vl_ui_panel_button(app, l.cancel, "Esc  Keep playing", false, true);
}

void vl_ui_draw_handover(VlUiApp *app)
{
    vl_ui_gfx_rect(app->r, 0, 0, (float)app->width, (float)app->height, vl_ui_rgb(0x101316u));
    const VlScenario *s = &app->scenario;
    char buf[200];
    float cx = (float)app->width / 2, cy = (float)app->height / 2;
    vl_ui_swatch(app, cx - 24, cy - 110, 48, app->handover.side);
    snprintf(buf, sizeof buf, "Hand over to the %s player", vl_ui_side_name(s, app->handover.side));
    vl_ui_text_draw(app->text, 28, buf, cx, cy - 40, vl_ui_panel_fg(), VL_ALIGN_CENTRE);
    snprintf(buf, sizeof buf, "Turn %d. Click or press Enter when you are ready.", vl_game_turn(app->game));
    vl_ui_text_draw(app->text, 16, buf, cx, cy + 10, vl_ui_panel_dim(), VL_ALIGN_CENTRE);
}

