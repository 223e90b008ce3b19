/* The measuring tape and the sight probe on the game screen (src/ui/tools.c), fed with synthesized
 * SDL events on the tutorial: M and a drag from a unit to a unit measure base edge to base edge and
 * the text drawn says the distance the geometry gives and the rule that reads it, with the tape's
 * pixels along the closest points; a drag between two points measures straight; P pins, Backspace
 * clears, Esc puts the tool down; V judges a line of sight as the game does (vl_world_sight) and
 * draws the clear line green; the sandbox has the tools too; and with no tool in hand a drag is the
 * screen's own. Runs without a display (the software renderer on a surface). */
#include "testutil.h"

#include "app.h"
#include "camera.h"
#include "scene.h"
#include "testui.h"
#include "tools.h"

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static TuUi g_ui;
static VlUiApp *g_app;
static char g_dir[64];

static void setup_app(void)
{
    tu_ui_tmpdir(g_dir, sizeof g_dir, "ui-tools");
    VlUiOptions opt = tu_ui_options(g_dir);
    opt.settings_path[0] = 0;
    g_app = tu_ui_open(&g_ui, 1100, 720, &opt);
    VlUiPlayer human[2] = {VL_UI_HUMAN, VL_UI_HUMAN};
    ck_assert_int_eq(vl_ui_app_new_game(g_app, VL_SOURCE_ROOT "/scenarios/tutorial.json", 3, human), VL_OK);
    vl_ui_app_update(g_app, 1000);
    vl_ui_app_draw(g_app);
}

static void teardown_app(void)
{
    tu_ui_close(&g_ui);
    tu_ui_rmdir(g_dir);
}

static void key(SDL_Keycode k, Uint16 mod)
{
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    e.key.keysym.mod = mod;
    vl_ui_app_event(g_app, &e);
    e.type = SDL_KEYUP;
    vl_ui_app_event(g_app, &e);
}

static void button(bool down, float x, float y)
{
    SDL_Event e = {0};
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = (int)lroundf(x);
    e.button.y = (int)lroundf(y);
    vl_ui_app_event(g_app, &e);
}

static void motion(float x, float y)
{
    SDL_Event e = {0};
    e.type = SDL_MOUSEMOTION;
    e.motion.x = (int)lroundf(x);
    e.motion.y = (int)lroundf(y);
    e.motion.state = SDL_BUTTON_LMASK;
    vl_ui_app_event(g_app, &e);
}

/* A press at table point a, motion in steps, a release at b. */
static void drag(VlVec2 a, VlVec2 b)
{
    float x0, y0, x1, y1;
    vl_ui_camera_to_screen(&g_app->cam, a, &x0, &y0);
    vl_ui_camera_to_screen(&g_app->cam, b, &x1, &y1);
    button(true, x0, y0);
    for (int i = 1; i <= 8; i++)
        motion(x0 + (x1 - x0) * (float)i / 8, y0 + (y1 - y0) * (float)i / 8);
    button(false, x1, y1);
}

static int unit(const char *id)
{
    int u = vl_scenario_find_unit(&g_app->scenario, id);
    ck_assert_int_ge(u, 0);
    return u;
}

static const VlWorld *shown(void) { return vl_game_world_const(vl_ui_app_shown(g_app)); }

static VlVec2 centre(int u) { return vl_ui_centre_of(&vl_world_unit(shown(), u)->fp); }

static void frame(void)
{
    vl_ui_app_update(g_app, 2000);
    vl_ui_app_draw(g_app);
}

/* Whether a pixel of colour @p rgb (within @p tol per channel) lies within 2 px of window point (x, y). */
static bool colour_near(float x, float y, unsigned rgb, int tol)
{
    int cx = (int)lroundf(x), cy = (int)lroundf(y);
    for (int yy = cy - 2; yy <= cy + 2; yy++)
        for (int xx = cx - 2; xx <= cx + 2; xx++) {
            if (xx < 0 || yy < 0 || xx >= g_ui.surf->w || yy >= g_ui.surf->h)
                continue;
            Uint32 p = ((Uint32 *)g_ui.surf->pixels)[yy * (g_ui.surf->pitch / 4) + xx];
            Uint8 r, g, b;
            SDL_GetRGB(p, g_ui.surf->format, &r, &g, &b);
            if (abs(r - (int)(rgb >> 16)) <= tol && abs(g - (int)(rgb >> 8 & 0xFF)) <= tol && abs(b - (int)(rgb & 0xFF)) <= tol)
                return true;
        }
    return false;
}

/* The drawn text that starts with @p prefix, or NULL. */
static const char *drawn_text(const char *prefix)
{
    for (int i = 0; i < g_app->tools.ndrawn; i++)
        if (strncmp(g_app->tools.drawn[i].text, prefix, strlen(prefix)) == 0)
            return g_app->tools.drawn[i].text;
    return NULL;
}

/* Pixels of the tape's yellow at 5 places along the segment between table points a and b. */
static int tape_pixels(VlVec2 a, VlVec2 b, unsigned rgb)
{
    int n = 0;
    for (int i = 1; i <= 5; i++) {
        float x, y;
        vl_ui_camera_to_screen(&g_app->cam, vl_v2_lerp(a, b, i / 6.0), &x, &y);
        n += colour_near(x, y, rgb, 8);
    }
    return n;
}

/* D-FIRE-4: the tape from a regiment to an enemy measures base edge to base edge and names the rule. */
START_TEST(a_tape_from_unit_to_unit_says_the_distance_and_the_rule)
{
    int a = unit("c_1tn"), b = unit("u_8il");
    key(SDLK_m, 0);
    ck_assert_int_eq(g_app->tools.active, VL_TOOL_TAPE);
    drag(centre(a), centre(b));
    ck_assert_int_eq(g_app->tools.live.kind, VL_TOOL_TAPE);
    ck_assert_int_eq(g_app->tools.live.a.unit, a);
    ck_assert_int_eq(g_app->tools.live.b.unit, b);
    frame();
    double d = vl_footprint_distance(&vl_world_unit(shown(), a)->fp, &vl_world_unit(shown(), b)->fp);
    char want[64];
    snprintf(want, sizeof want, "%.1f in, base edge to base edge", d);
    const char *text = drawn_text(want);
    ck_assert_msg(text != NULL, "no text \"%s\" drawn (first: \"%s\")", want, g_app->tools.ndrawn ? g_app->tools.drawn[0].text : "");
    ck_assert_msg(strstr(text, "GOR-FIRE-2") && strstr(text, "1st Tennessee"), "the rule is not named: %s", text);
    ck_assert_msg(strstr(text, "medium range"), "10.8 in is a rifle's medium range: %s", text);
    /* the tape runs between the closest points, in its yellow */
    VlMeasure m;
    vl_measure(shown()->bf, (VlTableEnd){a, {0, 0}}, (VlTableEnd){b, {0, 0}}, &m);
    ck_assert_int_ge(tape_pixels(m.a, m.b, 0xF0E442u), 4);
    /* the text's box is on the table's view and covers no label of the table */
    const VlLabelBox *bx = &g_app->tools.drawn[0].box;
    SDL_Rect map = g_app->rects.map;
    ck_assert(bx->x >= map.x && bx->y >= map.y && bx->x + bx->w <= map.x + map.w && bx->y + bx->h <= map.y + map.h);
    for (int i = 0; i < g_app->cache.labels.ndrawn; i++)
        ck_assert_msg(!vl_label_boxes_overlap(*bx, g_app->cache.labels.drawn[i].box), "the tape's text covers a label");
}
END_TEST

START_TEST(a_tape_between_points_is_straight_pinned_and_cleared)
{
    key(SDLK_m, 0);
    drag(vl_v2(14, 30), vl_v2(26, 30));
    frame();
    /* grabbed on the pixels the drag went to: 12 in to within a pixel's worth */
    VlVec2 a = g_app->tools.live.a.at, b = g_app->tools.live.b.at;
    ck_assert_int_eq(g_app->tools.live.a.unit, -1);
    ck_assert_int_eq(g_app->tools.live.b.unit, -1);
    char want[64];
    snprintf(want, sizeof want, "%.1f in, straight", vl_v2_dist(a, b));
    ck_assert_ptr_nonnull(drawn_text(want));
    ck_assert_double_eq_tol(vl_v2_dist(a, b), 12, 2.0 / g_app->cam.zoom);
    ck_assert_int_ge(tape_pixels(a, b, 0xF0E442u), 4);
    key(SDLK_p, 0);
    ck_assert_int_eq(g_app->tools.npinned, 1);
    ck_assert_int_eq(g_app->tools.live.kind, VL_TOOL_NONE);
    /* a second one, pinned with Shift held on release */
    g_app->script_mod = KMOD_LSHIFT;
    drag(vl_v2(14, 33), vl_v2(20, 33));
    g_app->script_mod = 0;
    ck_assert_int_eq(g_app->tools.npinned, 2);
    frame();
    ck_assert_int_eq(g_app->tools.ndrawn, 2);
    /* Esc puts the tape down, the pinned stay; Backspace clears them */
    key(SDLK_ESCAPE, 0);
    ck_assert_int_eq(g_app->tools.active, VL_TOOL_NONE);
    ck_assert_int_eq(g_app->tools.npinned, 2);
    key(SDLK_BACKSPACE, 0);
    ck_assert_int_eq(g_app->tools.npinned, 0);
    frame();
    ck_assert_int_eq(g_app->tools.ndrawn, 0);
    ck_assert_int_eq(tape_pixels(a, b, 0xF0E442u), 0);
}
END_TEST

/* A click with the tape in hand (no drag) measures nothing. */
START_TEST(a_click_is_no_tape)
{
    key(SDLK_m, 0);
    drag(centre(unit("c_1tn")), centre(unit("c_1tn")));
    ck_assert_int_eq(g_app->tools.live.kind, VL_TOOL_NONE);
    frame();
    ck_assert_int_eq(g_app->tools.ndrawn, 0);
}
END_TEST

/* With no tool in hand the drag is the screen's: a unit dragged is an order, no tape. */
START_TEST(no_tool_no_tape)
{
    drag(vl_v2(14, 30), vl_v2(26, 30));
    ck_assert_int_eq(g_app->tools.live.kind, VL_TOOL_NONE);
    frame();
    ck_assert_int_eq(g_app->tools.ndrawn, 0);
}
END_TEST

/* The sight probe agrees with the game's sight, clear and blocked, and draws the clear line green. */
START_TEST(the_sight_probe_judges_as_the_game)
{
    key(SDLK_v, 0);
    ck_assert_int_eq(g_app->tools.active, VL_TOOL_SIGHT);
    static const char *const pairs[][2] = {{"u_8ny", "c_1tn"}, {"c_1tn", "u_8il"}, {"u_gamble", "c_marye"}};
    int clear = 0, blocked = 0;
    for (size_t k = 0; k < 3; k++) {
        int a = unit(pairs[k][0]), b = unit(pairs[k][1]);
        drag(centre(a), centre(b));
        ck_assert_int_eq(g_app->tools.live.a.unit, a);
        ck_assert_int_eq(g_app->tools.live.b.unit, b);
        frame();
        VlSight ref;
        vl_world_sight(shown(), a, b, &ref);
        const char *text = drawn_text(ref.clear ? "Line of sight clear" : "Line of sight to");
        ck_assert_msg(text != NULL, "%s to %s: no text agreeing with the game (%s)", pairs[k][0], pairs[k][1],
                      g_app->tools.ndrawn ? g_app->tools.drawn[0].text : "none");
        if (ref.clear) {
            clear++;
            ck_assert_int_ge(tape_pixels(ref.witness[0], ref.witness[1], VL_UI_SIGHT), 4);
        } else {
            blocked++;
            ck_assert_msg(strstr(text, "blocked by"), "%s", text);
            for (int i = 0; i < ref.nblockers; i++) {
                VlObstacleRef o = ref.blockers[i];
                const char *name = o.kind == VL_OBST_UNIT ? vl_unit_label(&g_app->scenario, o.index)
                                                          : vl_terrain_label(&g_app->scenario, o.index);
                ck_assert_msg(strstr(text, name), "blocker %s not named: %s", name, text);
            }
        }
    }
    ck_assert_int_ge(clear, 1);
    ck_assert_int_ge(blocked, 1);
    /* from a point on the ridge: where it is seen from */
    /* (off the tutorial's lesson panel, which is no part of the table) */
    VlVec2 p0 = vl_v2(30, 30), p1 = vl_v2(40, 30);
    for (double y = 30; y > 2; y -= 2) {
        float x0, y0, x1, y1;
        vl_ui_camera_to_screen(&g_app->cam, vl_v2(30, y), &x0, &y0);
        vl_ui_camera_to_screen(&g_app->cam, vl_v2(40, y), &x1, &y1);
        if (!vl_ui_in_rect(g_app->lesson.panel, (int)x0, (int)y0) && !vl_ui_in_rect(g_app->lesson.panel, (int)x1, (int)y1)) {
            p0 = vl_v2(30, y);
            p1 = vl_v2(40, y);
            break;
        }
    }
    drag(p0, p1);
    frame();
    ck_assert_int_eq(g_app->tools.live.a.unit, -1);
    ck_assert_msg(strstr(g_app->tools.drawn[0].text, "from the top of McPherson's Ridge, level 1"), "%s", g_app->tools.drawn[0].text);
}
END_TEST

START_TEST(the_sandbox_has_the_tools)
{
    key(SDLK_t, 0);
    ck_assert_ptr_nonnull(g_app->sandbox);
    key(SDLK_m, 0);
    int a = unit("c_13al"), b = unit("u_calef");
    drag(centre(a), centre(b));
    frame();
    ck_assert_ptr_eq(vl_ui_app_shown(g_app), g_app->sandbox);
    double d = vl_footprint_distance(&vl_world_unit(shown(), a)->fp, &vl_world_unit(shown(), b)->fp);
    char want[64];
    snprintf(want, sizeof want, "%.1f in, base edge to base edge", d);
    ck_assert_ptr_nonnull(drawn_text(want));
}
END_TEST

/* The editor's way in: a tape set from two table points, the ends on units being those units. */
START_TEST(tools_set_from_table_points)
{
    int a = unit("c_1tn"), b = unit("u_8il");
    vl_ui_tools_set(g_app, vl_ui_app_shown(g_app), VL_TOOL_TAPE, centre(a), centre(b), true);
    ck_assert_int_eq(g_app->tools.npinned, 1);
    ck_assert_int_eq(g_app->tools.pinned[0].a.unit, a);
    ck_assert_int_eq(g_app->tools.pinned[0].b.unit, b);
    char text[640];
    vl_ui_tools_text(vl_ui_app_shown(g_app), &g_app->tools.pinned[0], text, sizeof text);
    char want[64];
    snprintf(want, sizeof want, "%.1f in, base edge to base edge",
             vl_footprint_distance(&vl_world_unit(shown(), a)->fp, &vl_world_unit(shown(), b)->fp));
    ck_assert_msg(strncmp(text, want, strlen(want)) == 0, "%s", text);
    frame();
    ck_assert_int_eq(g_app->tools.ndrawn, 1); /* drawn with no tool in hand: pinned */
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ui_tools");
    TCase *tc = tcase_create("tools");
    tcase_add_checked_fixture(tc, setup_app, teardown_app);
    tcase_add_test(tc, a_tape_from_unit_to_unit_says_the_distance_and_the_rule);
    tcase_add_test(tc, a_tape_between_points_is_straight_pinned_and_cleared);
    tcase_add_test(tc, no_tool_no_tape);
    tcase_add_test(tc, a_click_is_no_tape);
    tcase_add_test(tc, the_sight_probe_judges_as_the_game);
    tcase_add_test(tc, the_sandbox_has_the_tools);
    tcase_add_test(tc, tools_set_from_table_points);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(suite()); }
