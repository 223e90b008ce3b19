/* Movement orders given with the mouse (src/ui/input.c), fed with synthesized SDL events: a wheel
 * held as the first part of an order and the advance dragged on from its ghost, sent as one command
 * (D-UI-ORD-1); Enter sends a held wheel as it stands and Esc drops it; a general rides to any point
 * within his allowance and is refused beyond it with the rule named (D-UI-ORD-2). Then the screen:
 * a panned frame copied from the table's cache against the same frame drawn afresh, and the label
 * densities (D-UI-ORD-3). Runs without a display (the software renderer on a surface). */
#include "testutil.h"

#include "app.h"
#include "testui.h"
#include "camera.h"
#include "input.h"
#include "scene.h"

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PI_D 3.14159265358979323846

/* A line and a general of the Union, a line of the Confederates 20 in off. */
static const char *const SCENARIO =
    "{'format': 'volley-scenario', 'version': 1, 'name': 'UI orders test',"
    " 'table': {'width': 48, 'height': 36}, 'first_side': 'union',"
    " 'sides': [{'id': 'union', 'name': 'Union'}, {'id': 'csa', 'name': 'Confederate'}],"
    " 'terrain': [{'id': 'w1', 'type': 'woods', 'name': 'Herbst Woods', 'polygon': [[38, 26], [46, 26], [46, 34], [42, 30], [38, 34]]},"
    "             {'id': 'r1', 'type': 'road', 'name': 'Pike', 'width': 0.5, 'path': [[0, 18], [48, 18]]}],"
    " 'victory': {'turns': 8, 'objectives': [{'id': 'o1', 'name': 'Crossroads', 'position': [10, 24], 'radius': 2, 'points': 2}]},"
    " 'units': ["
    "  {'id': 'u1', 'name': '24th Michigan', 'side': 'union', 'type': 'infantry', 'formation': 'line', 'position': [20, 8],"
    "   'facing': 0, 'quality': 'seasoned', 'weapon': 'rifled'},"
    "  {'id': 'g1', 'name': 'Meredith', 'side': 'union', 'type': 'general', 'position': [30, 6], 'facing': 0,"
    "   'quality': 'seasoned'},"
    "  {'id': 'c1', 'name': '26th North Carolina', 'side': 'csa', 'type': 'infantry', 'formation': 'line',"
    "   'position': [20, 30], 'facing': 180, 'quality': 'seasoned', 'weapon': 'rifled'}"
    " ]}";

static VlScenario g_sc;
static VlGame *g_game;
static VlCamera g_cam;
static VlUiGesture g_ges;

static char *scenario_json(void)
{
    char *t = strdup(SCENARIO);
    ck_assert_ptr_nonnull(t);
    for (char *p = t; *p; p++)
        if (*p == '\'')
            *p = '"';
    return t;
}

/* The game in its movement phase (artillery, fire and charge ended), the camera at 16.67 px/in. */
static void setup_game(void)
{
    char *t = scenario_json();
    tu_load_ok(t, &g_sc);
    free(t);
    g_game = vl_game_create(&g_sc, 7, NULL);
    ck_assert_ptr_nonnull(g_game);
    vl_game_start(g_game);
    for (int i = 0; i < 3; i++) {
        VlCommand c = {.kind = VL_CMD_END_PHASE, .facing = NAN};
        ck_assert_int_eq(vl_game_apply(g_game, &c, NULL), VL_OK);
    }
    ck_assert_int_eq(vl_game_phase(g_game), VL_PHASE_MOVEMENT);
    vl_ui_camera_init(&g_cam, (SDL_Rect){0, 0, 800, 600});
    vl_ui_camera_fit(&g_cam, 48, 36, 0);
    vl_ui_gesture_reset(&g_ges);
}

static void teardown_game(void)
{
    vl_game_destroy(g_game);
    g_game = NULL;
    vl_scenario_free(&g_sc);
}

static const VlWorld *world(void) { return vl_game_world_const(g_game); }

static VlUiInputCtx ctx(void)
{
    VlUiInputCtx c;
    memset(&c, 0, sizeof c);
    c.game = g_game;
    c.cam = &g_cam;
    c.selected = -1;
    c.aim = -1;
    c.can_order = true;
    c.map = (SDL_Rect){0, 0, 800, 600};
    c.log_rect = (SDL_Rect){800, 0, 100, 600};
    return c;
}

static int uid(const char *id)
{
    int u = vl_scenario_find_unit(&g_sc, id);
    ck_assert_int_ge(u, 0);
    return u;
}

static void px_of(VlVec2 p, float *x, float *y) { vl_ui_camera_to_screen(&g_cam, p, x, y); }

static SDL_Event mouse(Uint32 type, float x, float y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    if (type == SDL_MOUSEMOTION) {
        e.motion.x = (int)lroundf(x);
        e.motion.y = (int)lroundf(y);
    } else {
        e.button.x = (int)lroundf(x);
        e.button.y = (int)lroundf(y);
        e.button.button = SDL_BUTTON_LEFT;
    }
    return e;
}

static SDL_Event key(SDL_Keycode k)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    return e;
}

static VlUiAction feed(const VlUiInputCtx *c, SDL_Event e) { return vl_ui_input(&g_ges, c, &e); }

/* Press at table point a, move there in steps to b, release. */
static VlUiAction drag(const VlUiInputCtx *c, VlVec2 a, VlVec2 b)
{
    float x0, y0, x1, y1;
    px_of(a, &x0, &y0);
    px_of(b, &x1, &y1);
    feed(c, mouse(SDL_MOUSEBUTTONDOWN, x0, y0));
    for (int i = 1; i <= 8; i++)
        feed(c, mouse(SDL_MOUSEMOTION, x0 + (x1 - x0) * (float)i / 8, y0 + (y1 - y0) * (float)i / 8));
    return feed(c, mouse(SDL_MOUSEBUTTONUP, x1, y1));
}

/* The line's front-left corner (just inside it) swung @p deg clockwise about the front-right end. */
static VlUiAction wheel_left_corner(const VlUiInputCtx *c, int u, double deg)
{
    const VlFootprint *fp = &vl_world_unit(world(), u)->fp;
    VlVec2 mid = vl_v2_lerp(fp->box.p[0], fp->box.p[2], 0.5);
    VlVec2 fl = vl_v2_lerp(fp->box.p[0], mid, 0.03);
    return drag(c, fl, vl_rotate_about(fl, fp->box.p[1], deg));
}

/* Where the held steps leave the unit: its ghost's middle. */
static VlVec2 ghost_middle(void)
{
    VlPose pose;
    VlFormation form;
    VlFootprint fp;
    vl_ui_gesture_pose(world(), &g_ges, &pose, &form, &fp);
    return vl_v2_lerp(fp.box.p[0], fp.box.p[2], 0.5);
}

static const char *first_refusal(const VlReasons *why, const char **clause)
{
    for (int i = 0; i < why->n; i++)
        if (!why->r[i].ok) {
            *clause = why->r[i].clause;
            return why->r[i].text;
        }
    *clause = "";
    return NULL;
}

/* D-UI-ORD-1: the wheel released without Ctrl is held (the allowance is not used up), the ghost's
 * body dragged on from there advances, and that release sends wheel and advance as one command,
 * which the game accepts and carries out whole. */
START_TEST(a_wheel_then_an_advance_is_one_order)
{
    int u = uid("u1");
    VlUiInputCtx c = ctx();
    VlUiAction a = wheel_left_corner(&c, u, 20);
    ck_assert_int_eq(a.kind, VL_ACT_PREVIEW);
    ck_assert_int_eq(g_ges.fixed, 1);
    ck_assert_int_eq(g_ges.kind, VL_GEST_NONE);
    ck_assert_int_eq(g_ges.order.steps[0].kind, VL_STEP_WHEEL);
    ck_assert_near(g_ges.order.steps[0].amount, 20, 1.0);
    ck_assert(!world()->units[u].acted); /* nothing sent yet */
    /* The advance, dragged from the ghost's middle 3 in along its new facing. */
    VlVec2 from = ghost_middle();
    double facing = vl_world_unit(world(), u)->pose.facing + g_ges.order.steps[0].amount;
    a = drag(&c, from, vl_v2_add(from, vl_v2_scale(vl_facing_forward(facing), 3)));
    ck_assert_int_eq(a.kind, VL_ACT_COMMAND);
    ck_assert_int_eq(a.cmd.kind, VL_CMD_MOVE);
    ck_assert_int_eq(a.cmd.move.unit, u);
    ck_assert_int_eq(a.cmd.move.nsteps, 2);
    ck_assert_int_eq(a.cmd.move.steps[0].kind, VL_STEP_WHEEL);
    ck_assert_int_eq(a.cmd.move.steps[1].kind, VL_STEP_ADVANCE);
    ck_assert_near(a.cmd.move.steps[1].amount, 3, 0.1);
    ck_assert_int_eq(g_ges.fixed, 0); /* sent: nothing held any more */
    VlReasons why = {0};
    ck_assert(vl_game_check(g_game, &a.cmd, &why));
    VlMoveVerdict v;
    vl_resolve_move(world(), &a.cmd.move, &v);
    ck_assert_near(v.cost, 20 * PI_D / 180 * 2 * TU_INF_W + a.cmd.move.steps[1].amount, 1e-6);
    ck_assert_int_eq(vl_game_apply(g_game, &a.cmd, NULL), VL_OK);
    ck_assert(world()->units[u].acted);
    ck_assert_near(vl_world_unit(world(), u)->pose.facing, v.final_pose.facing, 1e-9);
    ck_assert_near(vl_world_unit(world(), u)->pose.anchor.y, v.final_pose.anchor.y, 1e-9);
}
END_TEST

/* Enter (or the Send button, which gives Enter's action) sends a held wheel as it stands; Esc drops
 * one, after which Enter ends the phase again. A wheel that leaves no allowance is sent at once, and
 * so is one the rules refuse (its reason is then posted by the game). With Ctrl held on release the
 * steps still chain as before. */
START_TEST(enter_sends_a_held_wheel_and_esc_drops_it)
{
    int u = uid("u1");
    VlUiInputCtx c = ctx();
    wheel_left_corner(&c, u, 15);
    ck_assert_int_eq(g_ges.fixed, 1);
    VlUiAction a = feed(&c, key(SDLK_ESCAPE));
    ck_assert_int_eq(a.kind, VL_ACT_CANCEL);
    ck_assert_int_eq(g_ges.fixed, 0);
    a = feed(&c, key(SDLK_RETURN));
    ck_assert_int_eq(a.cmd.kind, VL_CMD_END_PHASE);
    /* Held again, and sent by Enter: one step. */
    wheel_left_corner(&c, u, 15);
    a = feed(&c, key(SDLK_RETURN));
    ck_assert_int_eq(a.kind, VL_ACT_COMMAND);
    ck_assert_int_eq(a.cmd.kind, VL_CMD_MOVE);
    ck_assert_int_eq(a.cmd.move.nsteps, 1);
    ck_assert_int_eq(a.cmd.move.steps[0].kind, VL_STEP_WHEEL);
    /* 72.5 degrees of a 7.87 in front cost 9.96 of the 10 in: nothing worth holding, sent. */
    a = wheel_left_corner(&c, u, 72.5);
    ck_assert_int_eq(a.kind, VL_ACT_COMMAND);
    ck_assert_int_eq(a.cmd.move.nsteps, 1);
    VlReasons why = {0};
    ck_assert(vl_game_check(g_game, &a.cmd, &why));
    /* 80 degrees cost 11 in: refused, so sent for the game to say why. */
    a = wheel_left_corner(&c, u, 80);
    ck_assert_int_eq(a.kind, VL_ACT_COMMAND);
    memset(&why, 0, sizeof why);
    ck_assert(!vl_game_check(g_game, &a.cmd, &why));
    /* Ctrl on release: an advance chains too. */
    SDL_Event ctrl = key(SDLK_LCTRL);
    ctrl.key.keysym.mod = KMOD_LCTRL;
    feed(&c, ctrl);
    const VlFootprint *fp = &vl_world_unit(world(), u)->fp;
    VlVec2 mid = vl_v2_lerp(fp->box.p[0], fp->box.p[2], 0.5);
    a = drag(&c, mid, vl_v2_add(mid, vl_v2(0, 2)));
    ck_assert_int_eq(a.kind, VL_ACT_PREVIEW);
    ck_assert_int_eq(g_ges.fixed, 1);
    ck_assert_int_eq(g_ges.order.steps[0].kind, VL_STEP_ADVANCE);
}
END_TEST

/* D-UI-ORD-2: a general's body dragged anywhere within 15 in rides him there: a turn to face the way
 * (free) and the distance, his base where the pointer took it, facing the way he rode. */
START_TEST(a_general_rides_to_any_point_within_his_allowance)
{
    int g = uid("g1");
    VlUiInputCtx c = ctx();
    static const VlVec2 offsets[] = {{-5, -3}, {8, 2}, {0, 9}, {-10, 10}, {0.3, -2.5}};
    for (size_t k = 0; k < sizeof offsets / sizeof offsets[0]; k++) {
        const VlFieldUnit *fu = vl_world_unit(world(), g);
        VlVec2 mid = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[2], 0.5);
        VlUiAction a = drag(&c, mid, vl_v2_add(mid, offsets[k]));
        ck_assert_int_eq(a.kind, VL_ACT_COMMAND);
        ck_assert_int_eq(a.cmd.move.unit, g);
        ck_assert_int_ge(a.cmd.move.nsteps, 1);
        ck_assert_int_eq(a.cmd.move.steps[a.cmd.move.nsteps - 1].kind, VL_STEP_ADVANCE);
        VlReasons why = {0};
        ck_assert_msg(vl_game_check(g_game, &a.cmd, &why), "offset %zu refused", k);
        VlMoveVerdict v;
        vl_resolve_move(world(), &a.cmd.move, &v);
        /* Within the pointer's pixel and the drag's rounding of the angle and the distance. */
        double px = 1.0 / g_cam.zoom, len = vl_v2_len(offsets[k]);
        ck_assert_msg(vl_v2_dist(v.final_pose.anchor, vl_v2_add(fu->pose.anchor, offsets[k])) < 2 * px + 0.03 + len * 0.0044,
                      "offset %zu: ends %.3f in from the point", k, vl_v2_dist(v.final_pose.anchor, vl_v2_add(fu->pose.anchor, offsets[k])));
        ck_assert_near(v.cost, len, 2 * px + 0.03);
        double bearing = atan2(offsets[k].x, offsets[k].y) * 180 / PI_D;
        double turned = fmod(v.final_pose.facing - bearing + 720.0 + 180.0, 360.0) - 180.0;
        ck_assert_msg(fabs(turned) < 1.5, "offset %zu: faces %.1f, rode %.1f", k, v.final_pose.facing, bearing);
        /* Each ride a fresh game's: put him back. */
        VlGame *fresh = vl_game_create(&g_sc, 7, NULL);
        ck_assert_ptr_nonnull(fresh);
        vl_game_start(fresh);
        for (int i = 0; i < 3; i++) {
            VlCommand e = {.kind = VL_CMD_END_PHASE, .facing = NAN};
            vl_game_apply(fresh, &e, NULL);
        }
        ck_assert_int_eq(vl_game_apply(g_game, &a.cmd, NULL), VL_OK);
        ck_assert_near(vl_world_unit(world(), g)->pose.anchor.x, v.final_pose.anchor.x, 1e-9);
        vl_game_destroy(g_game);
        g_game = fresh;
        c.game = g_game;
    }
    /* 12 in east and 12 in north is 17 in: refused, with the allowance and its clause. */
    const VlFieldUnit *fu = vl_world_unit(world(), g);
    VlVec2 mid = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[2], 0.5);
    VlUiAction a = drag(&c, mid, vl_v2_add(mid, vl_v2(12, 12)));
    ck_assert_int_eq(a.kind, VL_ACT_COMMAND);
    VlReasons why = {0};
    ck_assert(!vl_game_check(g_game, &a.cmd, &why));
    const char *clause, *text = first_refusal(&why, &clause);
    ck_assert_ptr_nonnull(text);
    ck_assert_str_eq(clause, "GOR-MOVE-2");
    ck_assert_msg(strstr(text, "allowance is 15.00 in"), "%s", text);
    /* Straight ahead is still one advance. */
    a = drag(&c, mid, vl_v2_add(mid, vl_v2(0, 4)));
    ck_assert_int_eq(a.cmd.move.nsteps, 1);
    ck_assert_int_eq(a.cmd.move.steps[0].kind, VL_STEP_ADVANCE);
    ck_assert_near(a.cmd.move.steps[0].amount, 4, 0.1);
    /* A line's body drag is still straight ahead only: sideways wobble does not count. */
    int u = uid("u1");
    const VlFieldUnit *lu = vl_world_unit(world(), u);
    VlVec2 lm = vl_v2_lerp(lu->fp.box.p[0], lu->fp.box.p[2], 0.5);
    a = drag(&c, lm, vl_v2_add(lm, vl_v2(1, 3)));
    ck_assert_int_eq(a.cmd.move.nsteps, 1);
    ck_assert_int_eq(a.cmd.move.steps[0].kind, VL_STEP_ADVANCE);
}
END_TEST

/* ---- the screen: the tutorial on the software renderer ---- */

static TuUi g_ui;
static VlUiApp *g_app;
static char g_dir[64];

static void setup_app(void)
{
    tu_ui_tmpdir(g_dir, sizeof g_dir, "ui-orders");
    VlUiOptions opt = tu_ui_options(g_dir);
    opt.settings_path[0] = 0; /* the defaults: no settings file */
    g_app = tu_ui_open(&g_ui, 1100, 720, &opt);
    VlUiPlayer human[2] = {VL_UI_HUMAN, VL_UI_HUMAN};
    ck_assert_int_eq(vl_ui_app_new_game(g_app, VL_SOURCE_ROOT "/scenarios/tutorial.json", 3, human), VL_OK);
}

static void teardown_app(void)
{
    tu_ui_close(&g_ui);
    tu_ui_rmdir(g_dir);
}

static Uint32 *read_frame(void)
{
    Uint32 *px = malloc((size_t)g_ui.surf->w * (size_t)g_ui.surf->h * 4);
    ck_assert_ptr_nonnull(px);
    ck_assert_int_eq(SDL_RenderReadPixels(g_ui.r, NULL, SDL_PIXELFORMAT_ARGB8888, px, g_ui.surf->w * 4), 0);
    return px;
}

/* The pixels of the table's view that differ between two frames. */
static int table_diff(const Uint32 *a, const Uint32 *b, int *fx, int *fy)
{
    SDL_Rect m = g_app->rects.map;
    int n = 0;
    *fx = *fy = -1;
    for (int y = m.y; y < m.y + m.h; y++)
        for (int x = m.x; x < m.x + m.w; x++) {
            size_t i = (size_t)y * (size_t)g_ui.surf->w + (size_t)x;
            if ((a[i] & 0xFFFFFFu) != (b[i] & 0xFFFFFFu)) {
                if (n++ == 0) {
                    *fx = x;
                    *fy = y;
                }
            }
        }
    return n;
}

/* The frame as the cache gives it now (asserting it was copied, not drawn again, when @p copied),
 * against the same frame drawn afresh without the cache. */
static int cached_against_fresh(bool copied, const char *what)
{
    float ox = g_app->cache.table_ox, oy = g_app->cache.table_oy;
    vl_ui_app_draw(g_app);
    if (copied)
        ck_assert_msg(g_app->cache.table_ox == ox && g_app->cache.table_oy == oy, "%s: the cache was drawn again", what);
    else
        ck_assert_msg(g_app->cache.table_ox != ox || g_app->cache.table_oy != oy, "%s: the cache was not drawn again", what);
    Uint32 *cached = read_frame();
    SDL_Texture *keep = g_app->cache.table;
    g_app->cache.table = NULL;
    g_app->cache.table_failed = true;
    vl_ui_app_draw(g_app);
    Uint32 *fresh = read_frame();
    g_app->cache.table = keep;
    g_app->cache.table_failed = false;
    int fx, fy, n = table_diff(cached, fresh, &fx, &fy);
    ck_assert_msg(n == 0, "%s: %d pixels of the table differ, the first at (%d, %d)", what, n, fx, fy);
    free(cached);
    free(fresh);
    return n;
}

/* The table's cache covers the view and a margin round it: a pan by whole pixels within the margin
 * copies it shifted, and the frame is the one drawing it afresh gives, pixel for pixel, with every
 * overlay on and a unit selected. Every point is snapped to 1/256 px by the camera, the offsets
 * the shapes add too, and vertices are floored, as SDL's software renderer cuts them to whole
 * pixels towards zero: so the shapes of a view moved by whole pixels cover the same pixels moved
 * (before the flooring a big arc whose corner lay left of the window moved by one pixel). Text
 * straddling the window's left or top edge could still differ by a pixel there, where SDL cuts
 * its place towards zero; none does here. A pan beyond the margin, a zoom, or a pan by a fraction
 * of a pixel draws the cache again; after a pan past the margin it is drawn ahead of the view, the
 * way the pan went. */
START_TEST(a_panned_frame_from_the_cache_is_the_frame_drawn_afresh)
{
    for (int i = 0; i < VL_OVERLAY_COUNT; i++)
        g_app->view.overlay[i] = true;
    g_app->view.selected = 0;
    vl_ui_camera_zoom_at(&g_app->cam, 400, 400, 1.6f);
    vl_ui_app_draw(g_app);
    cached_against_fresh(true, "still");
    static const float pans[][2] = {{3, 0}, {-3, 0}, {37, -12}, {-150, 90}, {40, 40}, {-1, -1}};
    for (size_t k = 0; k < sizeof pans / sizeof pans[0]; k++) {
        vl_ui_camera_pan(&g_app->cam, pans[k][0], pans[k][1]);
        char what[64];
        snprintf(what, sizeof what, "pan %zu by (%g, %g)", k, pans[k][0], pans[k][1]);
        float dx = g_app->cache.table_ox, dy = g_app->cache.table_oy, x, y;
        vl_ui_camera_to_screen(&g_app->cam, vl_v2(0, 0), &x, &y);
        bool inside = fabsf(x - dx) <= VL_UI_PAN_MARGIN && fabsf(y - dy) <= VL_UI_PAN_MARGIN;
        cached_against_fresh(inside, what);
    }
    /* Beyond the margin: drawn again round the new view, and still right. */
    float x, y;
    vl_ui_camera_to_screen(&g_app->cam, vl_v2(0, 0), &x, &y);
    vl_ui_camera_pan(&g_app->cam, roundf(g_app->cache.table_ox - x) + VL_UI_PAN_MARGIN + 1, 0);
    cached_against_fresh(false, "a pan beyond the margin");
    /* Drawn ahead of the view, the way the pan went: twice the margin to go that way. */
    vl_ui_camera_pan(&g_app->cam, 2 * VL_UI_PAN_MARGIN - 1, 0);
    cached_against_fresh(true, "on the same way, nearly twice the margin");
    vl_ui_camera_pan(&g_app->cam, 0, -VL_UI_PAN_MARGIN - 5);
    cached_against_fresh(false, "down past the margin");
    vl_ui_camera_pan(&g_app->cam, 0, -2 * VL_UI_PAN_MARGIN + 5);
    cached_against_fresh(true, "down on, nearly twice the margin");
    /* Half a pixel: drawn again (it would not land on the same pixels). */
    vl_ui_camera_pan(&g_app->cam, 0.5f, 0);
    cached_against_fresh(false, "half a pixel");
    vl_ui_camera_pan(&g_app->cam, 10, 0);
    cached_against_fresh(true, "whole pixels after half a one");
}
END_TEST

static int drawn_of(VlUiLabelKind kind)
{
    int n = 0;
    for (int i = 0; i < g_app->cache.labels.ndrawn; i++)
        n += g_app->cache.labels.drawn[i].kind == kind;
    return n;
}

/* D-UI-ORD-3: the label densities. At a zoom where every kind of label shows: all (the default)
 * names units, objectives and terrain; units leaves the terrain's names to the pointer; few leaves
 * the units' names to the pointer too, but for the selected one's, and keeps the objectives'. The
 * key N goes round them, and the drawn labels are those the density says. */
START_TEST(label_density_few_units_all)
{
    g_app->cam.zoom = 14;
    g_app->cam.target[0] = g_app->scenario.width / 2;
    g_app->cam.target[1] = g_app->scenario.height / 2;
    vl_ui_camera_update(&g_app->cam);
    g_app->view.selected = 0;
    g_app->view.hover = -1;
    ck_assert_int_eq(g_app->settings.label_density, VL_UI_LABELS_ALL);
    vl_ui_app_draw(g_app);
    int all_units = drawn_of(VL_UI_LABEL_UNIT), all_terrain = drawn_of(VL_UI_LABEL_TERRAIN), objectives = drawn_of(VL_UI_LABEL_OBJECTIVE);
    ck_assert_int_gt(all_units, 3);
    ck_assert_int_gt(all_terrain, 0);
    ck_assert_int_gt(objectives, 0);
    VlUiInputCtx c = vl_ui_input_ctx(g_app);
    SDL_Event n = key(SDLK_b);
    VlUiAction a = vl_ui_input(&g_app->view.gesture, &c, &n);
    ck_assert_int_eq(a.kind, VL_ACT_LABELS);
    vl_ui_app_act(g_app, &a);
    ck_assert_int_eq(g_app->settings.label_density, VL_UI_LABELS_FEW);
    vl_ui_app_draw(g_app);
    ck_assert_int_eq(drawn_of(VL_UI_LABEL_UNIT), 1); /* the selected unit's */
    ck_assert_int_eq(drawn_of(VL_UI_LABEL_TERRAIN), 0);
    ck_assert_int_eq(drawn_of(VL_UI_LABEL_OBJECTIVE), objectives);
    /* Pointing at another unit names it too. */
    g_app->view.hover = 1;
    vl_ui_app_draw(g_app);
    ck_assert_int_eq(drawn_of(VL_UI_LABEL_UNIT), 2);
    g_app->view.hover = -1;
    vl_ui_app_act(g_app, &a);
    ck_assert_int_eq(g_app->settings.label_density, VL_UI_LABELS_UNITS);
    vl_ui_app_draw(g_app);
    ck_assert_int_eq(drawn_of(VL_UI_LABEL_UNIT), all_units);
    ck_assert_int_eq(drawn_of(VL_UI_LABEL_TERRAIN), 0);
    ck_assert_int_eq(drawn_of(VL_UI_LABEL_OBJECTIVE), objectives);
    vl_ui_app_act(g_app, &a);
    ck_assert_int_eq(g_app->settings.label_density, VL_UI_LABELS_ALL);
    vl_ui_app_draw(g_app);
    ck_assert_int_eq(drawn_of(VL_UI_LABEL_TERRAIN), all_terrain);
}
END_TEST

static Suite *orders_suite(void)
{
    Suite *s = suite_create("ui_orders");
    TCase *tc = tcase_create("gestures");
    tcase_add_checked_fixture(tc, setup_game, teardown_game);
    tcase_add_test(tc, a_wheel_then_an_advance_is_one_order);
    tcase_add_test(tc, enter_sends_a_held_wheel_and_esc_drops_it);
    tcase_add_test(tc, a_general_rides_to_any_point_within_his_allowance);
    suite_add_tcase(s, tc);
    tc = tcase_create("screen");
    tcase_add_checked_fixture(tc, setup_app, teardown_app);
    tcase_add_test(tc, a_panned_frame_from_the_cache_is_the_frame_drawn_afresh);
    tcase_add_test(tc, label_density_few_units_all);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(orders_suite()); }
