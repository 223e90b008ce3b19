/* The scenario editor's screen (src/ui/editor.c, issue 38), driven by injected events through the
 * script verbs a player's gestures become: a small scenario built from an empty table, saved,
 * checked by the loader and played; undo and redo of every kind of edit giving back the exact
 * JSON; the problems list naming and finding an overlap; a crossing outline refused. */
#include "testutil.h"

#include "app.h"
#include "editor.h"
#include "script.h"
#include "testui.h"
#include "volley/edit.h"

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static TuUi g_ui;
static VlUiApp *g_app;
static char g_dir[256];
static uint32_t g_clock;

static void setup(void)
{
    tu_ui_tmpdir(g_dir, sizeof g_dir, "editor");
    VlUiOptions opt = tu_ui_options(g_dir);
    g_app = tu_ui_open(&g_ui, 1280, 800, &opt);
    g_clock = 0;
    vl_ui_app_update(g_app, 0);
}

static void teardown(void)
{
    tu_ui_close(&g_ui);
    tu_ui_rmdir(g_dir);
}

static void run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void run(const char *fmt, ...)
{
    char line[512], err[400] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (!vl_ui_script_line(g_app, line, &g_clock, err, sizeof err))
        ck_abort_msg("script line \"%s\": %s", line, err);
}

static VlScenario *doc_s(void)
{
    ck_assert_ptr_nonnull(g_app->editor);
    return &g_app->editor->doc.s;
}

static char *json_now(void)
{
    size_t len;
    char *j = vl_scenario_write_json(doc_s(), &len);
    ck_assert_ptr_nonnull(j);
    return j;
}

static const char *last_message(void) { return g_app->nmsg ? g_app->msg[g_app->nmsg - 1].text : ""; }

/* The table of the "done when": a wood, a fence, a hill, two regiments a side with their
 * generals (each a brigade's commander), an objective; all by clicks on the table. */
static void build_small_table(void)
{
    run("edit-open new");
    ck_assert_int_eq(g_app->screen, VL_SCREEN_EDITOR);
    run("edit-tool terrain");
    run("edit-palette terrain woods");
    run("edit-click 10 30");
    run("edit-click 22 32");
    run("edit-click 24 40");
    run("edit-click 12 42");
    run("key Return");
    run("edit-palette terrain fence");
    run("edit-click 30 20");
    run("edit-click 30 30");
    run("edit-dclick 40 32");
    run("edit-palette terrain hill");
    run("edit-palette level 2");
    run("edit-click 45 5");
    run("edit-click 60 5");
    run("edit-click 60 15");
    run("edit-click 45 15");
    run("edit-click 45 5"); /* the first corner again closes it */
    run("edit-tool unit");
    run("edit-palette side 1");
    run("edit-palette type general");
    run("edit-click 20 8");
    run("edit-palette type infantry");
    run("edit-click 15 10");
    run("edit-click 25 10");
    run("edit-palette side 2");
    run("edit-palette type general");
    run("edit-click 40 40");
    run("edit-palette type infantry");
    run("edit-click 35 38");
    run("edit-click 45 38");
    run("edit-tool objective");
    run("edit-click 36 24");
    run("edit-tool select");
}

START_TEST(a_small_table_is_built_by_clicks_saved_checked_and_played)
{
    build_small_table();
    const VlScenario *s = doc_s();
    ck_assert_int_eq(s->nterrain, 3);
    ck_assert_int_eq(s->terrain[0].type, VL_T_WOODS);
    ck_assert_int_eq(s->terrain[0].npts, 4);
    ck_assert_int_eq(s->terrain[1].type, VL_T_FENCE);
    ck_assert_int_eq(s->terrain[1].npts, 3);
    ck_assert_int_eq(s->terrain[2].type, VL_T_HILL);
    ck_assert_int_eq(s->terrain[2].level, 2);
    ck_assert_int_eq(s->terrain[2].npts, 4);
    ck_assert_int_eq(s->nunits, 6);
    ck_assert_int_eq(s->nbrigades, 2);
    for (int u = 0; u < s->nunits; u++) {
        ck_assert_int_ge(s->units[u].brigade, 0);
        ck_assert_int_eq(s->brigades[s->units[u].brigade].side, s->units[u].side);
    }
    ck_assert_int_eq(s->units[0].type, VL_GENERAL);
    ck_assert_int_eq(s->brigades[0].commander, 0);
    ck_assert_int_eq(s->nobjectives, 1);
    ck_assert_int_eq(g_app->editor->doc.problems.count, 0);
    /* Saved where asked, and the loader takes the file as it is. */
    char path[400];
    snprintf(path, sizeof path, "%s/my-table.json", g_dir);
    run("edit-save-as %s", path);
    ck_assert(!g_app->editor->doc.dirty);
    ck_assert_ptr_nonnull(strstr(last_message(), "Saved to"));
    VlScenario back;
    VlDiagList d;
    vl_diag_init(&d, path);
    ck_assert_int_eq(vl_scenario_load_file(path, &back, &d), VL_OK);
    ck_assert_int_eq(d.count, 0);
    ck_assert_int_eq(back.nunits, 6);
    vl_scenario_free(&back);
    vl_diag_free(&d);
    /* Play starts a game of it. */
    run("edit-button play");
    ck_assert_int_eq(g_app->screen, VL_SCREEN_GAME);
    ck_assert_ptr_nonnull(g_app->game);
    ck_assert_ptr_null(g_app->editor);
    ck_assert_int_eq(g_app->scenario.nunits, 6);
}
END_TEST

START_TEST(a_new_table_saves_into_the_users_scenarios_folder)
{
    run("edit-open new");
    run("edit-tool unit");
    run("edit-click 20 10");
    run("key s ctrl");
    const char *path = g_app->editor->doc.path;
    char want[400];
    snprintf(want, sizeof want, "%s/scenarios/", g_dir);
    ck_assert_msg(strncmp(path, want, strlen(want)) == 0, "saved to %s", path);
    ck_assert_ptr_nonnull(strstr(last_message(), path));
}
END_TEST

/* An edit, then Ctrl+Z gives back the JSON of before it and Ctrl+Y the JSON of after it, and the
 * undo message names the edit. */
static void check_undo_redo(const char *name, void (*edit)(void))
{
    char *before = json_now();
    edit();
    char *after = json_now();
    ck_assert_msg(strcmp(before, after) != 0, "%s changed nothing", name);
    run("key z ctrl");
    char *undone = json_now();
    ck_assert_msg(strcmp(before, undone) == 0, "%s: undo does not give back the table before it", name);
    ck_assert_msg(strncmp(last_message(), "Undone: ", 8) == 0, "%s: undo says \"%s\"", name, last_message());
    run("key y ctrl");
    char *redone = json_now();
    ck_assert_msg(strcmp(after, redone) == 0, "%s: redo does not give back the table after it", name);
    /* Ctrl+Shift+Z redoes too. */
    run("key z ctrl");
    run("key z ctrl shift");
    free(redone);
    redone = json_now();
    ck_assert_msg(strcmp(after, redone) == 0, "%s: Ctrl+Shift+Z does not redo", name);
    free(before);
    free(after);
    free(undone);
    free(redone);
}

static VlVec2 unit_centre(int u)
{
    VlFootprint fp;
    const VlScenarioUnit *su = &doc_s()->units[u];
    vl_footprint_build(&fp, su->pose, su->formation, su->spec);
    return vl_v2_lerp(fp.box.p[0], fp.box.p[2], 0.5);
}

static void e_move(void)
{
    VlVec2 c = unit_centre(1);
    run("edit-drag %g %g %g %g", c.x, c.y, c.x + 3, c.y + 2);
}

static void e_turn(void)
{
    VlFootprint fp;
    const VlScenarioUnit *su = &doc_s()->units[1];
    vl_footprint_build(&fp, su->pose, su->formation, su->spec);
    VlVec2 c = vl_v2_lerp(fp.box.p[1], su->pose.anchor, 0.03);
    run("edit-drag %g %g %g %g", c.x, c.y, c.x, c.y + 3);
}

static void e_add(void)
{
    run("edit-tool unit");
    run("edit-click 60 30");
    run("edit-tool select");
}

static void e_delete(void)
{
    VlVec2 c = unit_centre(2);
    run("edit-click %g %g", c.x, c.y);
    run("key Delete");
}

static void e_duplicate(void)
{
    VlVec2 c = unit_centre(2);
    run("edit-click %g %g", c.x, c.y);
    run("key d ctrl");
}

static void e_nudge(void)
{
    VlVec2 c = unit_centre(2);
    run("edit-click %g %g", c.x, c.y);
    run("key Right");
}

static void select_wood(void)
{
    run("edit-tool select");
    run("edit-click 17 36"); /* inside the wood */
    ck_assert_int_eq(g_app->editor->nsel, 1);
    ck_assert_int_eq(g_app->editor->sel[0].kind, VL_ED_TERRAIN);
}

static void e_corner_move(void)
{
    select_wood();
    run("edit-drag 24 40 27 41");
}

static void e_corner_add(void)
{
    select_wood();
    run("edit-click 16 31"); /* on the edge from (10, 30) to (22, 32) */
}

static void e_corner_delete(void)
{
    select_wood();
    run("edit-click 22 32");
    run("key Delete");
}

static void e_feature_move(void)
{
    select_wood();
    run("edit-drag 17 36 19 34");
}

static void e_feature_delete(void)
{
    select_wood();
    run("key Delete");
}

static void e_objective_add(void)
{
    run("edit-tool objective");
    run("edit-click 60 40");
    run("edit-tool select");
}

static void e_objective_move(void)
{
    run("edit-tool select");
    run("edit-drag 36 24 38 26");
}

START_TEST(save_as_takes_a_typed_name_into_the_scenarios_folder)
{
    run("edit-open new");
    run("edit-tool unit");
    run("edit-click 20 10");
    run("key s ctrl shift");
    /* The field holds a whole path: cleared with Home, then Delete to the end, a name typed. */
    run("key Home");
    for (int i = 0; i < 300; i++)
        run("key Delete");
    run("type Cemetery Ridge");
    run("key Return");
    char want[400];
    snprintf(want, sizeof want, "%s/scenarios/Cemetery Ridge.json", g_dir);
    ck_assert_str_eq(g_app->editor->doc.path, want);
    ck_assert(!g_app->editor->doc.dirty);
}
END_TEST

START_TEST(every_kind_of_edit_is_undone_and_redone_exactly)
{
    build_small_table();
    check_undo_redo("move", e_move);
    check_undo_redo("turn", e_turn);
    check_undo_redo("add", e_add);
    check_undo_redo("delete", e_delete);
    check_undo_redo("duplicate", e_duplicate);
    check_undo_redo("nudge", e_nudge);
    check_undo_redo("corner move", e_corner_move);
    check_undo_redo("corner add", e_corner_add);
    check_undo_redo("corner delete", e_corner_delete);
    check_undo_redo("feature move", e_feature_move);
    check_undo_redo("feature delete", e_feature_delete);
    check_undo_redo("objective add", e_objective_add);
    check_undo_redo("objective move", e_objective_move);
}
END_TEST

START_TEST(a_turn_by_the_corner_goes_in_five_degree_steps_and_free_with_shift)
{
    build_small_table();
    VlFootprint fp;
    const VlScenarioUnit *su = &doc_s()->units[1];
    vl_footprint_build(&fp, su->pose, su->formation, su->spec);
    VlVec2 c = vl_v2_lerp(fp.box.p[1], su->pose.anchor, 0.03);
    run("edit-drag %g %g %g %g", c.x, c.y, c.x - 0.3, c.y + 1.1);
    double f = doc_s()->units[1].pose.facing;
    ck_assert_msg(fabs(f / 5 - round(f / 5)) < 1e-9 && f != 0, "facing %g is not a 5-degree step", f);
    run("key z ctrl");
    run("edit-drag %g %g %g %g shift", c.x, c.y, c.x - 0.3, c.y + 1.1);
    f = doc_s()->units[1].pose.facing;
    ck_assert_msg(fabs(f / 5 - round(f / 5)) > 1e-3, "facing %g with Shift is still in 5-degree steps", f);
}
END_TEST

START_TEST(an_overlap_is_listed_by_name_drawn_and_found_by_a_click)
{
    build_small_table();
    /* A third Union regiment on top of the first. */
    VlVec2 c = unit_centre(1);
    run("edit-tool unit");
    run("edit-palette side 1");
    run("edit-click %g %g", c.x + 1, doc_s()->units[1].pose.anchor.y);
    run("edit-tool select");
    const VlEditDoc *doc = &g_app->editor->doc;
    ck_assert_int_gt(doc->problems.count, 0);
    char text[600];
    vl_ui_editor_problem_text(&doc->s, &doc->problems.items[0], text, sizeof text);
    ck_assert_msg(strstr(text, "1st Union Infantry") || strstr(text, "3rd Union Infantry"), "problem says \"%s\"", text);
    ck_assert_msg(!strstr(text, "units["), "problem says \"%s\"", text);
    /* Clicking the problem selects the unit it is about. */
    run("key Escape");
    ck_assert_int_eq(g_app->editor->nsel, 0);
    run("edit-problem 1");
    VlProblemTarget t = vl_scenario_problem_target(doc->problems.items[0].path);
    ck_assert_int_eq(t.kind, VL_PROBLEM_UNIT);
    ck_assert_int_eq(g_app->editor->nsel, 1);
    ck_assert_int_eq(g_app->editor->sel[0].kind, VL_ED_UNIT);
    ck_assert_int_eq(g_app->editor->sel[0].index, t.index);
    /* Play refuses while the table has problems. */
    run("key F5");
    ck_assert_int_eq(g_app->screen, VL_SCREEN_EDITOR);
    ck_assert(g_app->msg[g_app->nmsg - 1].bad);
    /* Saved half done, it reopens with its problem listed (the loader's keep mode). */
    char path[400];
    snprintf(path, sizeof path, "%s/half-done.json", g_dir);
    run("edit-save-as %s", path);
    int n = g_app->editor->doc.problems.count;
    run("key Escape");
    run("key Escape");
    ck_assert_int_eq(g_app->screen, VL_SCREEN_MENU);
    run("edit-open %s", path);
    ck_assert_int_eq(g_app->screen, VL_SCREEN_EDITOR);
    ck_assert_int_eq(g_app->editor->doc.problems.count, n);
    ck_assert_int_eq(doc_s()->nunits, 7);
}
END_TEST

START_TEST(a_corner_move_that_crosses_the_outline_is_refused_and_goes_back)
{
    build_small_table();
    char *before = json_now();
    select_wood();
    run("edit-drag 24 40 16 28"); /* the corner past the far edge: a bow tie */
    char *after = json_now();
    ck_assert_str_eq(before, after);
    ck_assert(g_app->msg[g_app->nmsg - 1].bad);
    ck_assert_ptr_nonnull(strstr(last_message(), "cross"));
    free(before);
    free(after);
}
END_TEST

START_TEST(a_box_and_a_double_click_select_several_and_they_move_together)
{
    build_small_table();
    run("edit-drag 5 3 33 14"); /* the Union brigade */
    ck_assert_int_eq(g_app->editor->nsel, 3);
    VlVec2 a[3];
    for (int u = 0; u < 3; u++)
        a[u] = doc_s()->units[u].pose.anchor;
    VlVec2 c = unit_centre(1);
    run("edit-drag %g %g %g %g", c.x, c.y, c.x + 2, c.y + 1);
    /* All three by the same amount: the drag's, to the pixel. */
    VlVec2 d = vl_v2_sub(doc_s()->units[1].pose.anchor, a[1]);
    ck_assert_msg(fabs(d.x - 2) < 0.15 && fabs(d.y - 1) < 0.15, "moved by (%g, %g)", d.x, d.y);
    for (int u = 0; u < 3; u++) {
        VlVec2 du = vl_v2_sub(doc_s()->units[u].pose.anchor, a[u]);
        ck_assert(fabs(du.x - d.x) < 1e-6 && fabs(du.y - d.y) < 1e-6);
    }
    run("key Escape");
    c = unit_centre(4);
    run("edit-dclick %g %g", c.x, c.y); /* the Confederate brigade */
    ck_assert_int_eq(g_app->editor->nsel, 3);
}
END_TEST

START_TEST(leaving_with_edits_not_saved_asks_first)
{
    run("edit-open new");
    run("edit-tool unit");
    run("edit-click 20 10");
    run("key Escape"); /* the selection */
    run("key Escape"); /* leave: asked */
    ck_assert_int_eq(g_app->screen, VL_SCREEN_EDITOR);
    run("key Escape"); /* keep editing */
    ck_assert_int_eq(g_app->screen, VL_SCREEN_EDITOR);
    run("key Escape");
    run("key d"); /* leave, don't save */
    ck_assert_int_eq(g_app->screen, VL_SCREEN_MENU);
    ck_assert_ptr_null(g_app->editor);
}
END_TEST

START_TEST(the_sandbox_opens_the_edited_table_and_saves_its_own_as_a_scenario)
{
    build_small_table();
    run("key F6"); /* saved into the scenarios folder, then a game of it in the sandbox */
    ck_assert_int_eq(g_app->screen, VL_SCREEN_GAME);
    ck_assert_ptr_nonnull(g_app->sandbox);
    ck_assert_int_eq(g_app->scenario.nunits, 6);
    /* A unit moved in the sandbox, then E: the sandbox's table in the editor, not yet saved. */
    VlPose pose = g_app->scenario.units[1].pose;
    pose.anchor.x += 4;
    pose.facing = 30;
    ck_assert(vl_game_place_unit(g_app->sandbox, 1, pose));
    run("key e");
    ck_assert_int_eq(g_app->screen, VL_SCREEN_EDITOR);
    ck_assert(g_app->editor->doc.dirty);
    ck_assert_str_eq(g_app->editor->doc.path, "");
    ck_assert(fabs(doc_s()->units[1].pose.anchor.x - pose.anchor.x) < 1e-6);
    ck_assert(fabs(doc_s()->units[1].pose.facing - 30) < 1e-6);
    ck_assert_ptr_nonnull(strstr(doc_s()->name, "sandbox"));
}
END_TEST

START_TEST(the_menu_opens_the_editor_on_a_new_table_and_on_the_scenario_chosen)
{
    vl_ui_app_menu(g_app, NULL);
    vl_ui_app_update(g_app, 0);
    ck_assert_int_gt(g_app->menu.nscen, 0);
    run("click-button menu-new");
    ck_assert_int_eq(g_app->screen, VL_SCREEN_EDITOR);
    ck_assert_int_eq(doc_s()->nunits, 0);
    run("key Escape"); /* nothing to save: back to the menu at once */
    ck_assert_int_eq(g_app->screen, VL_SCREEN_MENU);
    run("key e");
    ck_assert_int_eq(g_app->screen, VL_SCREEN_EDITOR);
    ck_assert_int_gt(doc_s()->nunits, 0);
    ck_assert_str_eq(g_app->editor->doc.path, g_app->menu.scen_path[g_app->menu.sel]);
    ck_assert_int_eq(g_app->editor->doc.problems.count, 0);
    /* Its edits are saved into a file of the user's own, the shipped one left alone. */
    char shipped[1024];
    snprintf(shipped, sizeof shipped, "%s", g_app->editor->doc.path);
    VlVec2 c = unit_centre(0);
    run("edit-click %g %g", c.x, c.y);
    run("key Left");
    run("key s ctrl");
    char want[400];
    snprintf(want, sizeof want, "%s/scenarios/", g_dir);
    ck_assert_msg(strncmp(g_app->editor->doc.path, want, strlen(want)) == 0, "saved to %s", g_app->editor->doc.path);
    VlScenario back;
    VlDiagList d;
    vl_diag_init(&d, shipped);
    ck_assert_int_eq(vl_scenario_load_file(shipped, &back, &d), VL_OK);
    ck_assert(fabs(back.units[0].pose.anchor.x - (doc_s()->units[0].pose.anchor.x + 0.5)) < 1e-9);
    vl_scenario_free(&back);
    vl_diag_free(&d);
}
END_TEST

/* A reinforcement is off the table in a game until its turn; the editor shows it where it will come
 * on, dashed, its label saying when, and the document keeps its arrival. */
START_TEST(reinforcements_are_drawn_where_they_arrive_with_their_turn)
{
    char path[600];
    snprintf(path, sizeof path, "%s/scenarios/brigade-action.json", VL_SOURCE_ROOT);
    run("edit-open %s", path);
    int u = vl_scenario_find_unit(doc_s(), "u_98il");
    ck_assert_int_ge(u, 0);
    ck_assert_int_eq(doc_s()->units[u].arrive_turn, 3);
    vl_ui_app_draw(g_app); /* the table drawn from the editor's game of the document */
    const VlGame *view = g_app->editor->view;
    ck_assert_ptr_nonnull(view);
    ck_assert(vl_world_present(vl_game_world_const(view), u)); /* placed, so drawn */
    ck_assert_str_eq(vl_unit_label(&g_app->scenario, u), "98th Illinois Mounted Infantry, turn 3");
    ck_assert_int_eq(doc_s()->units[u].arrive_turn, 3);
    ck_assert_str_eq(vl_unit_label(doc_s(), u), "98th Illinois Mounted Infantry");
}
END_TEST

static Suite *editor_suite(void)
{
    Suite *s = suite_create("ui_editor");
    TCase *tc = tcase_create("editor");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_small_table_is_built_by_clicks_saved_checked_and_played);
    tcase_add_test(tc, a_new_table_saves_into_the_users_scenarios_folder);
    tcase_add_test(tc, save_as_takes_a_typed_name_into_the_scenarios_folder);
    tcase_add_test(tc, every_kind_of_edit_is_undone_and_redone_exactly);
    tcase_add_test(tc, a_turn_by_the_corner_goes_in_five_degree_steps_and_free_with_shift);
    tcase_add_test(tc, an_overlap_is_listed_by_name_drawn_and_found_by_a_click);
    tcase_add_test(tc, a_corner_move_that_crosses_the_outline_is_refused_and_goes_back);
    tcase_add_test(tc, a_box_and_a_double_click_select_several_and_they_move_together);
    tcase_add_test(tc, leaving_with_edits_not_saved_asks_first);
    tcase_add_test(tc, the_sandbox_opens_the_edited_table_and_saves_its_own_as_a_scenario);
    tcase_add_test(tc, the_menu_opens_the_editor_on_a_new_table_and_on_the_scenario_chosen);
    tcase_add_test(tc, reinforcements_are_drawn_where_they_arrive_with_their_turn);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(editor_suite()); }
