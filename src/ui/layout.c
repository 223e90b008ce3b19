/* Where everything goes on the screen, in window pixels: the panels around the table, the legend
 * and its overlay toggles, the bar areas the buttons are laid out in, the menu, the replay controls,
 * the quit dialogue. Drawing, clicking and scripts all ask here, so that they agree. */
#include "app.h"
#include "phasehelp.h"
#include "animate.h"

#include <string.h>

#include "volley/world.h"

bool vl_ui_in_rect(SDL_Rect r, int x, int y) { return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h; }

bool vl_ui_hovered(const VlUiApp *app, SDL_Rect r) { return vl_ui_in_rect(r, app->mouse_x, app->mouse_y); }

/* ---- the game screen ---- */

void vl_ui_layout(VlUiApp *app)
{
    int side_w = app->width >= 1000 ? VL_UI_SIDE_PANEL_W : app->width / 3;
    app->rects.bar = (SDL_Rect){0, 0, app->width, VL_UI_BAR_H};
    app->rects.side = (SDL_Rect){app->width - side_w, VL_UI_BAR_H, side_w, app->height - VL_UI_BAR_H};
    app->rects.map = (SDL_Rect){0, VL_UI_BAR_H, app->width - side_w, app->height - VL_UI_BAR_H - VL_UI_ACTION_H};
    app->rects.action = (SDL_Rect){0, app->height - VL_UI_ACTION_H, app->width - side_w, VL_UI_ACTION_H};
    app->rects.orders = (SDL_Rect){app->rects.side.x + 12, app->height - 10 - VL_UI_ORDERS_H, side_w - 24, VL_UI_ORDERS_H};
    app->rects.log = (SDL_Rect){app->rects.side.x, app->rects.side.y + 260, side_w, app->rects.side.h - 260};
    app->cam.viewport = app->rects.map;
    vl_ui_camera_update(&app->cam);
}

/* The dice log fills the side panel from under the unit card (at least 200 px down, at most 160 px
 * from the bottom) to the standing orders (the game) or the foot (the replay). The card's height
 * depends on the unit shown, so drawing gives its bottom. */
void vl_ui_log_layout(VlUiApp *app, float card_bottom)
{
    SDL_Rect side = app->rects.side;
    int bottom = app->screen == VL_SCREEN_GAME ? app->rects.orders.y - 30 : side.y + side.h;
    int top = (int)card_bottom > side.y + 200 ? (int)card_bottom : side.y + 200;
    if (top > bottom - 160)
        top = bottom - 160;
    /* The "now you can" panel (phasehelp.c) above the dice log, when it is on and there is room;
     * in the side panel it covers nothing on the table. */
    app->rects.phase = (SDL_Rect){0, 0, 0, 0};
    int ph = vl_ui_phase_help_height(app, side.w);
    if (ph > 0 && bottom - top - ph >= 160) {
        app->rects.phase = (SDL_Rect){side.x, top, side.w, ph};
        top += ph;
    }
    app->rects.log = (SDL_Rect){side.x, top, side.w, bottom - top};
}

/* The legend box at the table's lower left: its place and size follow the overlays that are on. */
void vl_ui_legend_box(const VlUiApp *app, float *x, float *y, float *w, float *h)
{
    int n = 0;
    for (int i = 0; i < VL_OVERLAY_COUNT; i++)
        n += app->view.overlay[i];
    *x = (float)app->rects.map.x + 10;
    *w = 250;
    *h = (float)n * 18 + 26 + 22;
    *y = (float)(app->rects.map.y + app->rects.map.h) - 50 - *h;
}

void vl_ui_bar_areas(const VlUiApp *app, VlUiBarAreas *a)
{
    memset(a, 0, sizeof *a);
    if (app->screen == VL_SCREEN_GAME) {
        a->actions = app->rects.action;
        a->orders = app->rects.orders;
    }
    SDL_Rect b = app->rects.bar;
    a->tools = (SDL_Rect){b.x + b.w / 2, b.y + 6, b.w / 2 - 8, b.h - 12};
    float x, y, w, h;
    vl_ui_legend_box(app, &x, &y, &w, &h);
    a->overlays = (SDL_Rect){(int)x + 92, (int)y + 24, 140, 18};
}

/* ---- the messages ---- */

/* How much of @p r the table's labels and units cover, in square pixels (labels count double). */
static long covered(VlUiApp *app, SDL_Rect r)
{
    long area = 0;
    const VlUiLabels *L = &app->cache.labels;
    for (int i = 0; i < L->ndrawn; i++) {
        const VlLabelBox *b = &L->drawn[i].box;
        SDL_Rect lr = {(int)b->x, (int)b->y, (int)(b->w + 1), (int)(b->h + 1)}, x;
        if (SDL_IntersectRect(&r, &lr, &x))
            area += 2L * x.w * x.h;
    }
    /* The "now you can" and lesson panels are never covered: a message there could not be read. */
    SDL_Rect panels[3] = {app->help.panel, app->lesson.active ? app->lesson.panel : (SDL_Rect){0, 0, 0, 0},
                          /* the caption of the computer's order being shown, across the table's top (animate.c) */
                          /* ... or the sandbox's banner, in the same place */
                          vl_ui_anim_busy(app) || app->sandbox
                              ? (SDL_Rect){app->rects.map.x, app->rects.map.y, app->rects.map.w, 40}
                              : (SDL_Rect){0, 0, 0, 0}};
    for (int k = 0; k < 3; k++) {
        SDL_Rect x;
        if (panels[k].w > 0 && SDL_IntersectRect(&r, &panels[k], &x))
            area += 100L * x.w * x.h;
    }
    VlGame *g = vl_ui_app_shown(app);
    if (g) {
        const VlWorld *w = vl_game_world_const(g);
        for (int u = 0; u < w->nunits; u++) {
            if (!vl_world_present(w, u))
                continue;
            VlBox bb = vl_world_unit(w, u)->bounds;
            float x0, y0, x1, y1;
            vl_ui_camera_to_screen(&app->cam, bb.lo, &x0, &y1);
            vl_ui_camera_to_screen(&app->cam, bb.hi, &x1, &y0);
            SDL_Rect ur = {(int)x0, (int)y0, (int)(x1 - x0) + 1, (int)(y1 - y0) + 1}, x;
            if (SDL_IntersectRect(&r, &ur, &x))
                area += (long)x.w * x.h;
        }
    }
    return area;
}

int vl_ui_message_layout(VlUiApp *app, int idx[VL_UI_MESSAGES_SHOWN], SDL_Rect box[VL_UI_MESSAGES_SHOWN])
{
    SDL_Rect m = app->rects.map;
    /* As wide as the room right of the legend and scale bar, wherever the messages then go. */
    int wrap = m.w - 280 - 10 - 16;
    if (wrap < 200)
        return 0;
    int n = 0, width = 0, height = 0;
    int w[VL_UI_MESSAGES_SHOWN], h[VL_UI_MESSAGES_SHOWN];
    for (int i = app->nmsg - 1; i >= 0 && n < VL_UI_MESSAGES_SHOWN; i--) {
        const VlUiMessage *msg = &app->msg[i];
        if (app->now > 0 && app->now - msg->at > VL_UI_MESSAGE_MS)
            continue;
        int tw = 200, th = 16;
        if (app->text) {
            vl_ui_text_size(app->text, VL_UI_MESSAGE_FONT, msg->text, &tw, &th);
            th = vl_ui_text_wrapped_height(app->text, VL_UI_MESSAGE_FONT, msg->text, wrap);
        }
        idx[n] = i;
        w[n] = (tw < wrap ? tw : wrap) + 16;
        h[n] = th + 6;
        if (w[n] > width)
            width = w[n];
        height += h[n] + 2;
        n++;
    }
    if (n == 0)
        return 0;
    /* Where the stack may go: under the table's middle (right of the legend), then along the top,
     * then the lower right; the one that hides the fewest labels and units wins (the first on a tie). */
    int left = m.x + 280, right = m.x + m.w - 10, top = m.y + 10, bottom = m.y + m.h - 10;
    SDL_Rect spots[5] = {
        {(left + right - width) / 2, bottom - height, width, height},
        {m.x + (m.w - width) / 2, top + (app->sandbox ? 36 : 0), width, height},
        {right - width, top, width, height},
        {m.x + 10, top, width, height},
        {right - width, bottom - height, width, height},
    };
    int best = 0;
    long best_area = -1;
    for (int k = 0; k < 5; k++) {
        long a = covered(app, spots[k]);
        if (best_area < 0 || a < best_area) {
            best = k;
            best_area = a;
        }
    }
    /* Newest at the bottom, each box centred on the stack's middle. */
    int y = spots[best].y + spots[best].h, cx = spots[best].x + spots[best].w / 2;
    for (int k = 0; k < n; k++) {
        y -= h[k] + 2;
        box[k] = (SDL_Rect){cx - w[k] / 2, y, w[k], h[k]};
    }
    return n;
}

/* ---- the quit dialogue ---- */

void vl_ui_confirm_layout(const VlUiApp *app, VlConfirmLayout *l)
{
    int w = 520, h = 150;
    l->box = (SDL_Rect){(app->width - w) / 2, (app->height - h) / 2, w, h};
    int by = l->box.y + h - 50, bw = 150;
    l->save = (SDL_Rect){l->box.x + 15, by, bw, 34};
    l->discard = (SDL_Rect){l->box.x + 15 + bw + 15, by, bw, 34};
    l->cancel = (SDL_Rect){l->box.x + 15 + 2 * (bw + 15), by, bw, 34};
}

/* ---- the menu ---- */

void vl_ui_menu_layout(const VlUiApp *app, VlMenuLayout *m)
{
    int left = 60, top = 150;
    m->row_h = 54;
    /* as many rows as leave room under the list for the chosen one's description, above the Rules
     * button (level with Continue, at most 140 px from the foot); the list scrolls beyond */
    m->scen_rows = (app->height - 150 - 70 - top) / m->row_h;
    if (m->scen_rows < 3)
        m->scen_rows = 3;
    int rows = app->menu.nscen < m->scen_rows ? app->menu.nscen : m->scen_rows;
    m->list = (SDL_Rect){left, top, app->width / 2 - left - 20, m->row_h * (rows > 0 ? rows : 1)};
    int rx = app->width / 2 + 20, bw = app->width / 2 - 80;
    if (bw > 420)
        bw = 420;
    /* Each side: the human / computer toggle, and who the computer is in four small buttons. */
    int tw = bw / 2, lw = (bw - tw - 6) / 4;
    for (int s = 0; s < 2; s++) {
        int y = top + 44 * s;
        m->side_btn[s] = (SDL_Rect){rx, y, tw, 38};
        for (int l = 0; l < 4; l++)
            m->level_btn[s][l] = (SDL_Rect){rx + tw + 6 + l * lw, y, lw - 2, 38};
    }
    /* Start, then the editor on the scenario chosen and on a new table. */
    int sw = bw * 44 / 100, ew = (bw - sw - 12) / 2;
    m->start = (SDL_Rect){rx, top + 96, sw, 44};
    m->edit = (SDL_Rect){rx + sw + 6, top + 96, ew, 44};
    m->new_table = (SDL_Rect){rx + sw + 12 + ew, top + 96, bw - sw - 12 - ew, 44};
    /* The saved games, newest first, and what to do with the one selected. */
    m->save_row_h = 44;
    int list_top = top + 190, list_bottom = app->height - 150;
    m->save_rows = (list_bottom - list_top) / m->save_row_h;
    if (m->save_rows < 1)
        m->save_rows = 1;
    m->saves = (SDL_Rect){rx, list_top, bw, m->save_rows * m->save_row_h};
    int by = m->saves.y + m->saves.h + 10, half = (bw - 10) / 2;
    m->load = (SDL_Rect){rx, by, half, 38};
    m->replay = (SDL_Rect){rx + half + 10, by, bw - half - 10, 38};
    m->settings = (SDL_Rect){rx, by + 48, half, 34};
    m->quit = (SDL_Rect){rx + half + 10, by + 48, bw - half - 10, 34};
}

int vl_ui_menu_save_at(const VlUiApp *app, const VlMenuLayout *m, int x, int y)
{
    if (x < m->saves.x || x >= m->saves.x + m->saves.w || y < m->saves.y || y >= m->saves.y + m->saves.h)
        return -1;
    int i = app->menu.save_scroll + (y - m->saves.y) / m->save_row_h;
    return i < app->menu.nsaves ? i : -1;
}

SDL_Rect vl_ui_menu_scenario_row(const VlMenuLayout *m, int k)
{
    return (SDL_Rect){m->list.x, m->list.y + k * m->row_h, m->list.w, m->row_h - 6};
}

SDL_Rect vl_ui_menu_save_row(const VlMenuLayout *m, int k)
{
    return (SDL_Rect){m->saves.x, m->saves.y + k * m->save_row_h, m->saves.w, m->save_row_h - 4};
}

/* ---- the replay controls ---- */

void vl_ui_replay_layout(const VlUiApp *app, VlReplayLayout *l)
{
    /* In the action bar's place under the table. */
    l->bar = app->rects.action;
    int bw = l->bar.w < 800 ? 38 : 44, x = l->bar.x + 10; /* narrower on a small window: room for the words */
    for (int i = 0; i < VL_RB_COUNT; i++) {
        l->btn[i] = (SDL_Rect){x, l->bar.y + 5, bw, 25};
        x += bw + 4;
    }
    l->status = (SDL_Rect){x + 10, l->bar.y + 1, l->bar.x + l->bar.w - 8 - (x + 10), 34};
    l->slider = (SDL_Rect){l->bar.x + 14, l->bar.y + l->bar.h - 15, l->bar.w - 28, 10};
}
