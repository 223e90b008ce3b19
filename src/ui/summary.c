/* The turn summary on the screen (summary.h): the bookkeeping of a player turn's start, the panel
 * after the computer's turn, the hand-over's and the replay viewer's. The summary itself is the
 * core's (include/volley/summary.h), so `volley replay --summary` prints the same lines. */
#include "summary.h"

#include "animate.h"
#include "panels.h"

#include <stdio.h>

#define ROW_H 20
#define TITLE_H 30
#define FOOT_H 24

void vl_ui_summary_free(VlUiApp *app)
{
    vl_game_destroy(app->watch.turn_start);
    app->watch.turn_start = NULL;
    app->watch.panel = false;
    app->watch.have_summary = false;
}

void vl_ui_summary_restart(VlUiApp *app)
{
    vl_ui_summary_free(app);
    app->watch.over_seen = app->game && vl_game_over(app->game, NULL, NULL);
    if (app->game && app->screen != VL_SCREEN_REPLAY)
        app->watch.turn_start = vl_game_clone(app->game);
}

void vl_ui_summary_after_command(VlUiApp *app, int side_before)
{
    VlGame *g = app->game;
    if (!g || !app->watch.turn_start)
        return;
    bool over = vl_game_over(g, NULL, NULL);
    int side = vl_game_active_side(g);
    if (side == side_before && (!over || app->watch.over_seen))
        return;
    vl_summary_between(app->watch.turn_start, g, &app->watch.summary);
    app->watch.have_summary = true;
    app->watch.over_seen = over;
    /* The panel after a computer's turn, for the human who plays next (the hot-seat players see it
     * on the hand-over instead). */
    app->watch.panel = !app->human[side_before] && (app->human[side] || (over && (app->human[0] || app->human[1])));
    vl_game_destroy(app->watch.turn_start);
    app->watch.turn_start = over ? NULL : vl_game_clone(g);
}

/* The replay's summary of the player turn the step viewed is in. */
static const VlTurnSummary *replay_summary(const VlUiApp *app)
{
    const VlReplayView *rv = &app->replay;
    if (!rv->open || rv->hide_summary || !rv->turn_at)
        return NULL;
    int turn = rv->turn_at[rv->k], side = rv->side_at[rv->k];
    if (rv->k > 0 && vl_game_over(app->game, NULL, NULL)) {
        turn = rv->turn_at[rv->k - 1]; /* the game's last turn, not the one it would have gone on to */
        side = rv->side_at[rv->k - 1];
    }
    for (int i = rv->nsums - 1; i >= 0; i--)
        if (rv->sums[i].turn == turn && rv->sums[i].side == side)
            return &rv->sums[i];
    return NULL;
}

const VlTurnSummary *vl_ui_summary_shown(const VlUiApp *app)
{
    if (app->screen == VL_SCREEN_REPLAY)
        return replay_summary(app);
    if (app->screen == VL_SCREEN_GAME && app->watch.panel && app->watch.have_summary && !vl_ui_anim_busy(app) &&
        !app->sandbox && app->dialog.kind == VL_DIALOG_NONE)
        return &app->watch.summary;
    return NULL;
}

static void layout_at(const VlTurnSummary *s, int x, int y, int w, int max_h, bool foot, VlUiSummaryLayout *l)
{
    int fit = (max_h - TITLE_H - (foot ? FOOT_H : 8)) / ROW_H;
    if (fit < 1)
        fit = 1;
    l->nrows = s->n ? (s->n < fit ? s->n : fit) : 1;
    l->box = (SDL_Rect){x, y, w, TITLE_H + l->nrows * ROW_H + (foot ? FOOT_H : 8)};
    l->title = (SDL_Rect){x, y, w, TITLE_H};
    for (int i = 0; i < l->nrows; i++)
        l->row[i] = (SDL_Rect){x + 6, y + TITLE_H + i * ROW_H, w - 12, ROW_H};
}

void vl_ui_summary_layout(const VlUiApp *app, const VlTurnSummary *s, VlUiSummaryLayout *l)
{
    SDL_Rect m = app->rects.map;
    if (app->screen == VL_SCREEN_HANDOVER) {
        int w = app->width - 80 < 620 ? app->width - 80 : 620;
        layout_at(s, (app->width - w) / 2, app->height / 2 + 50, w, app->height / 2 - 70, false, l);
        return;
    }
    if (app->screen == VL_SCREEN_REPLAY) {
        int w = m.w - 20 < 460 ? m.w - 20 : 460;
        layout_at(s, m.x + m.w - w - 10, m.y + 10, w, m.h / 2, true, l);
        return;
    }
    int w = m.w - 40 < 620 ? m.w - 40 : 620;
    layout_at(s, m.x + (m.w - w) / 2, m.y + 44, w, m.h - 88, true, l);
}

static void draw_box(VlUiApp *app, const VlTurnSummary *s, const VlUiSummaryLayout *l, const char *foot, bool hover)
{
    const VlScenario *sc = &app->scenario;
    SDL_Rect b = l->box;
    vl_ui_gfx_rect(app->r, (float)b.x, (float)b.y, (float)b.w, (float)b.h, vl_ui_rgb(VL_UI_BAR_BG)); /* opaque: the messages under it would show through */
    vl_ui_gfx_rect_outline(app->r, (float)b.x, (float)b.y, (float)b.w, (float)b.h, 1, vl_ui_rgb(0x5A626Cu));
    vl_ui_swatch(app, (float)b.x + 10, (float)b.y + 9, 12, s->side);
    char buf[400];
    vl_summary_title(sc, s, buf, sizeof buf);
    vl_ui_text_draw(app->text, 15, buf, (float)b.x + 30, (float)b.y + 6, vl_ui_rgb(VL_UI_HIGHLIGHT), VL_ALIGN_LEFT);
    vl_ui_gfx_rect(app->r, (float)b.x + 6, (float)b.y + TITLE_H - 3, (float)b.w - 12, 1, vl_ui_rgb(VL_UI_PANEL_LINE));
    for (int i = 0; i < l->nrows; i++) {
        SDL_Rect r = l->row[i];
        if (!s->n) {
            vl_ui_text_draw(app->text, 13, "Nothing of note: no HITs, routs, charges or objectives changing hands.", (float)r.x + 8,
                            (float)r.y + 2, vl_ui_panel_dim(), VL_ALIGN_LEFT);
            break;
        }
        const VlSummaryLine *ln = &s->line[i];
        bool cut = i == l->nrows - 1 && (s->n > l->nrows || s->more); /* the row that says how many more */
        if (hover && !cut && vl_ui_hovered(app, r))
            vl_ui_gfx_rect(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h, vl_ui_rgba(0x3A4048u, 255));
        if (cut) {
            snprintf(buf, sizeof buf, "... and %d more (volley replay --summary lists them all)", s->n - l->nrows + 1 + s->more);
        } else {
            /* Whose unit it is (an objective: who took it; none, an outline). */
            if (ln->side >= 0)
                vl_ui_gfx_rect(app->r, (float)r.x + 4, (float)r.y + 5, 8, 10, vl_ui_side_color(ln->side, 255));
            else
                vl_ui_gfx_rect_outline(app->r, (float)r.x + 4, (float)r.y + 5, 8, 10, 1, vl_ui_panel_dim());
            vl_summary_line_text(sc, s, i, buf, sizeof buf);
        }
        vl_ui_text_draw(app->text, 13, buf, (float)r.x + 18, (float)r.y + 2, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    }
    if (foot)
        vl_ui_text_draw(app->text, 12, foot, (float)b.x + 12, (float)(b.y + b.h - FOOT_H + 5), vl_ui_panel_dim(), VL_ALIGN_LEFT);
}

void vl_ui_summary_draw(VlUiApp *app)
{
    const VlTurnSummary *s = vl_ui_summary_shown(app);
    if (!s)
        return;
    VlUiSummaryLayout l;
    vl_ui_summary_layout(app, s, &l);
    draw_box(app, s, &l,
             app->screen == VL_SCREEN_REPLAY ? "this turn's summary \xC2\xB7 click a line to look there \xC2\xB7 Tab hides it"
                                             : "click a line to look there \xC2\xB7 Esc, Enter or a click elsewhere closes it",
             true);
}

void vl_ui_summary_draw_handover(VlUiApp *app)
{
    if (!app->watch.have_summary)
        return;
    VlUiSummaryLayout l;
    vl_ui_summary_layout(app, &app->watch.summary, &l);
    draw_box(app, &app->watch.summary, &l, NULL, false);
}

static void look_at(VlUiApp *app, const VlSummaryLine *ln)
{
    app->cam.target[0] = (float)ln->at.x;
    app->cam.target[1] = (float)ln->at.y;
    vl_ui_camera_update(&app->cam);
    if (ln->unit >= 0 && !app->sandbox) {
        app->view.selected = ln->unit;
        app->view.aim = -1;
        app->view.have_fire = false;
    }
}

bool vl_ui_summary_event(VlUiApp *app, const SDL_Event *e)
{
    if (app->screen == VL_SCREEN_REPLAY && e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_TAB && app->replay.open) {
        app->replay.hide_summary = !app->replay.hide_summary;
        return true;
    }
    const VlTurnSummary *s = vl_ui_summary_shown(app);
    if (!s)
        return false;
    VlUiSummaryLayout l;
    vl_ui_summary_layout(app, s, &l);
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        /* When the list is cut, its last row says how many more: it points at nothing. */
        int lines = s->n > l.nrows || s->more ? l.nrows - 1 : s->n;
        for (int i = 0; i < lines; i++)
            if (vl_ui_in_rect(l.row[i], e->button.x, e->button.y)) {
                look_at(app, &s->line[i]);
                return true;
            }
        if (app->screen == VL_SCREEN_REPLAY)
            return vl_ui_in_rect(l.box, e->button.x, e->button.y);
        app->watch.panel = false;
        return true;
    }
    if (app->screen == VL_SCREEN_GAME && e->type == SDL_MOUSEBUTTONDOWN) {
        app->watch.panel = false;
        return true;
    }
    if (app->screen == VL_SCREEN_GAME && e->type == SDL_KEYDOWN) {
        /* Any key puts the panel away; Escape, Enter, Space and Tab do only that (so that closing it
         * never ends a phase or opens the game menu), the others then do what they do. */
        SDL_Keycode k = e->key.keysym.sym;
        app->watch.panel = false;
        return k == SDLK_ESCAPE || k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE || k == SDLK_TAB;
    }
    return false;
}
