/* The editor's forms (editor_form.c) and their widgets (textfield.c), driven by the SDL events a
 * player's mouse and keyboard make, passed straight to vl_ui_editor_form_event: typing changes the
 * document through one undoable edit, bad numbers are refused with the range named, a formation
 * the type does not allow is never offered, the muster button rolls as the core's tables do, the
 * scenario's own form. The editor's state is opened here without the editor screen. The muster
 * button is checked against the core's GOR-QUAL-1 and GOR-ARM-1 tables. */
#include "editor_form.h"
#include "testui.h"
#include "testutil.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* The form's area: the side panel's part above the problems list, as the editor gives it. */
static SDL_Rect AREA = {660, 40, 340, 640};

static TuUi g_ui;
static VlUiApp *g_app;
static char g_dir[256];

/* ---- events ---- */

static bool click_at(int x, int y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = x;
    e.button.y = y;
    return vl_ui_editor_form_event(g_app, &e, AREA);
}

/* A click near the right end of the field labelled @p label (the caret goes to the text's end). */
static void click_field(const char *label)
{
    SDL_Rect r;
    ck_assert_msg(vl_ui_editor_form_field_rect(g_app, AREA, label, &r), "no field %s", label);
    ck_assert(click_at(r.x + r.w - 3, r.y + r.h / 2));
}

static bool key(SDL_Keycode sym, Uint16 mod)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = sym;
    e.key.keysym.mod = mod;
    return vl_ui_editor_form_event(g_app, &e, AREA);
}

static bool type(const char *s)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", s);
    return vl_ui_editor_form_event(g_app, &e, AREA);
}

static void erase(int n)
{
    key(SDLK_END, 0);
    for (int i = 0; i < n; i++)
        key(SDLK_BACKSPACE, 0);
}

/* Replace the text of the field labelled @p label with @p s, then press @p finish (Enter, Tab). */
static void retype(const char *label, const char *s, SDL_Keycode finish)
{
    click_field(label);
    erase(200);
    ck_assert(type(s));
    key(finish, 0);
}

static const VlFormRow *row_labelled(const char *label)
{
    struct VlUiForm *f = g_app->editor->form;
    ck_assert_ptr_nonnull(f);
    for (int i = 0; i < f->nrows; i++)
        if (f->rows[i].kind == VL_FORM_FIELD && strcmp(f->rows[i].text, label) == 0)
            return &f->rows[i];
    return NULL;
}

static bool offered(const char *label, const char *w)
{
    const VlFormRow *r = row_labelled(label);
    ck_assert_msg(r != NULL, "no field %s", label);
    for (int i = 0; i < r->f.nwords; i++)
        if (strcmp(r->f.words[i], w) == 0)
            return true;
    return false;
}

static const char *last_message(void) { return g_app->nmsg ? g_app->msg[g_app->nmsg - 1].text : ""; }

/* ---- the editor's state, opened without its screen ---- */

static VlScenario *scen(void) { return &g_app->editor->doc.s; }

static void select_one(VlEdKind kind, int index)
{
    g_app->editor->nsel = 1;
    g_app->editor->sel[0] = (VlEdRef){kind, index};
    vl_ui_editor_form_refresh(g_app);
}

static int unit_named(const char *id)
{
    int u = vl_scenario_find_unit(scen(), id);
    ck_assert_int_ge(u, 0);
    return u;
}

static void setup(void)
{
    tu_ui_tmpdir(g_dir, sizeof g_dir, "forms");
    VlUiOptions opt = tu_ui_options(g_dir);
    g_app = tu_ui_open(&g_ui, 1000, 700, &opt);
    VlUiEditor *ed = calloc(1, sizeof *ed);
    ck_assert_ptr_nonnull(ed);
    VlScenario s;
    VlDiagList d;
    const char *path = VL_SOURCE_ROOT "/scenarios/tutorial.json";
    vl_diag_init(&d, path);
    ck_assert_int_eq(vl_scenario_load_file(path, &s, &d), VL_OK);
    vl_diag_free(&d);
    ck_assert_int_eq(vl_edit_open(&ed->doc, &s, path), VL_OK);
    g_app->editor = ed;
    g_app->screen = VL_SCREEN_EDITOR;
}

static void teardown(void)
{
    VlUiEditor *ed = g_app->editor;
    vl_ui_editor_form_free(g_app);
    vl_edit_free(&ed->doc);
    free(ed);
    g_app->editor = NULL;
    g_app->screen = VL_SCREEN_MENU;
    tu_ui_close(&g_ui);
    tu_ui_rmdir(g_dir);
}

/* ---- the widgets alone ---- */

static SDL_Event text_event(const char *s)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", s);
    return e;
}

static SDL_Event key_event(SDL_Keycode sym)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = sym;
    return e;
}

START_TEST(a_text_field_edits_by_whole_characters)
{
    VlUiField f;
    memset(&f, 0, sizeof f);
    f.rect = (SDL_Rect){10, 10, 200, 22};
    vl_ui_field_text(&f, "Plum Run", 20);
    SDL_Event e = text_event("!");
    ck_assert_int_eq(vl_ui_field_event(&f, &e, g_app->text, 13), VL_FIELD_IGNORED); /* no focus yet */
    vl_ui_field_focus(&f);
    e = text_event(" \xC3\xA9t\xC3\xA9"); /* " été" */
    ck_assert_int_eq(vl_ui_field_event(&f, &e, g_app->text, 13), VL_FIELD_TOOK);
    ck_assert_str_eq(f.text, "Plum Run \xC3\xA9t\xC3\xA9");
    e = key_event(SDLK_BACKSPACE);
    vl_ui_field_event(&f, &e, g_app->text, 13);
    ck_assert_str_eq(f.text, "Plum Run \xC3\xA9t"); /* the whole é, both bytes */
    e = key_event(SDLK_LEFT);
    vl_ui_field_event(&f, &e, g_app->text, 13);
    vl_ui_field_event(&f, &e, g_app->text, 13);
    ck_assert_int_eq(f.cursor, 9); /* before the é: back over t, then over both bytes of é */
    e = key_event(SDLK_DELETE);
    vl_ui_field_event(&f, &e, g_app->text, 13);
    ck_assert_str_eq(f.text, "Plum Run t");
    e = key_event(SDLK_HOME);
    vl_ui_field_event(&f, &e, g_app->text, 13);
    e = text_event("Upper ");
    vl_ui_field_event(&f, &e, g_app->text, 13);
    ck_assert_str_eq(f.text, "Upper Plum Run t");
    e = text_event("too long now");
    ck_assert_int_eq(vl_ui_field_event(&f, &e, g_app->text, 13), VL_FIELD_REFUSED);
    ck_assert_str_eq(f.text, "Upper Plum Run t");
    ck_assert_ptr_nonnull(strstr(f.why, "20"));
    e = key_event(SDLK_ESCAPE);
    ck_assert_int_eq(vl_ui_field_event(&f, &e, g_app->text, 13), VL_FIELD_REVERTED);
    ck_assert_str_eq(f.text, "Plum Run");
    e = key_event(SDLK_RETURN);
    ck_assert_int_eq(vl_ui_field_event(&f, &e, g_app->text, 13), VL_FIELD_COMMIT);
    vl_ui_field_blur(&f);

    /* A number field reads with strtod and names its range. */
    vl_ui_field_number(&f, 12, 1, 99, true, NULL);
    double v;
    char why[200];
    ck_assert(vl_ui_field_value(&f, "Turns", &v, why, sizeof why));
    ck_assert_near(v, 12, 0);
    vl_ui_field_set_text(&f, "12.5");
    ck_assert(!vl_ui_field_value(&f, "Turns", &v, why, sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "whole number from 1 to 99"));
    vl_ui_field_set_text(&f, "1e400");
    ck_assert(!vl_ui_field_value(&f, "Turns", &v, why, sizeof why));
    vl_ui_field_set_text(&f, "");
    ck_assert(!vl_ui_field_value(&f, "Turns", &v, why, sizeof why));
    f.may_be_empty = true;
    ck_assert(vl_ui_field_value(&f, "Turns", &v, why, sizeof why));
    ck_assert(isnan(v));

    /* A choice cycles both ways; a click on its left quarter goes back. */
    static const char *const w[] = {"line", "column", "square"};
    vl_ui_field_choice(&f, w, 3, 0);
    vl_ui_field_focus(&f);
    e = key_event(SDLK_LEFT);
    ck_assert_int_eq(vl_ui_field_event(&f, &e, g_app->text, 13), VL_FIELD_COMMIT);
    ck_assert_int_eq(f.index, 2);
    SDL_Event c;
    memset(&c, 0, sizeof c);
    c.type = SDL_MOUSEBUTTONDOWN;
    c.button.button = SDL_BUTTON_LEFT;
    c.button.x = f.rect.x + f.rect.w - 5;
    c.button.y = f.rect.y + 5;
    vl_ui_field_event(&f, &c, g_app->text, 13);
    ck_assert_int_eq(f.index, 0);
    vl_ui_field_blur(&f);
}
END_TEST

/* ---- a unit ---- */

START_TEST(typing_a_name_renames_the_unit_and_undo_restores_it)
{
    int u = unit_named("c_13al");
    select_one(VL_ED_UNIT, u);
    int nundo = g_app->editor->doc.nundo;
    click_field("Name");
    erase(7); /* "Alabama" */
    ck_assert(type("\xC3\xA9"));
    ck_assert(key(SDLK_BACKSPACE, 0)); /* the é goes whole */
    ck_assert(type("Georgia"));
    ck_assert_str_eq(scen()->units[u].name, "13th Alabama"); /* nothing written before Enter */
    ck_assert(key(SDLK_RETURN, 0));
    ck_assert_str_eq(scen()->units[u].name, "13th Georgia");
    ck_assert_str_eq(vl_unit_label(scen(), u), "13th Georgia");
    ck_assert_int_eq(g_app->editor->doc.nundo, nundo + 1);
    char what[64];
    ck_assert(vl_edit_undo(&g_app->editor->doc, what, sizeof what));
    ck_assert_str_eq(what, "rename 13th Alabama");
    ck_assert_str_eq(scen()->units[u].name, "13th Alabama");
    /* The form reads the undone document afresh. */
    vl_ui_editor_form_refresh(g_app);
    ck_assert_str_eq(row_labelled("Name")->f.text, "13th Alabama");
    /* A click on the table commits what was typed and is left to the table's tools. */
    click_field("Name");
    type(" Infantry");
    ck_assert(!click_at(100, 300));
    ck_assert_str_eq(scen()->units[u].name, "13th Alabama Infantry");
    ck_assert_int_eq(g_app->editor->form->focus, -1);
    ck_assert(vl_edit_undo(&g_app->editor->doc, NULL, 0));
    /* Ctrl+Z with nothing typed is the editor's, not the field's. */
    click_field("Name");
    ck_assert(!key(SDLK_z, KMOD_LCTRL));
    ck_assert_int_eq(g_app->editor->form->focus, -1);
    /* Esc drops what was typed. */
    click_field("Name");
    type(" Zouaves");
    key(SDLK_ESCAPE, 0);
    ck_assert_str_eq(scen()->units[u].name, "13th Alabama");
    ck_assert_int_eq(g_app->editor->doc.nundo, nundo);
}
END_TEST

START_TEST(bad_numbers_are_refused_with_their_range)
{
    int u = unit_named("c_13al");
    select_one(VL_ED_UNIT, u);
    int nundo = g_app->editor->doc.nundo;
    retype("Facing", "east", SDLK_RETURN); /* letters do not go into a number */
    ck_assert_int_eq(g_app->editor->doc.nundo, nundo);
    ck_assert_ptr_nonnull(strstr(last_message(), "Facing"));
    key(SDLK_ESCAPE, 0);
    retype("Position x", "49", SDLK_RETURN); /* the table is 48 in wide */
    ck_assert_near(scen()->units[u].pose.anchor.x, 10.5, 0);
    ck_assert_ptr_nonnull(strstr(last_message(), "from 0 to 48 in"));
    ck_assert_int_eq(g_app->editor->doc.nundo, nundo);
    key(SDLK_ESCAPE, 0);
    retype("Bases", "9", SDLK_RETURN);
    ck_assert_ptr_nonnull(strstr(last_message(), "whole number from 1 to 8"));
    ck_assert_int_eq(scen()->units[u].spec.count, 2);
    key(SDLK_ESCAPE, 0);
    retype("Arrives turn", "1", SDLK_RETURN);
    ck_assert_ptr_nonnull(strstr(last_message(), "from 2 to 99"));
    key(SDLK_ESCAPE, 0);
    ck_assert_int_eq(g_app->editor->doc.nundo, nundo);
    /* Good numbers go in: a facing is taken modulo 360, a position exactly. */
    retype("Facing", "370", SDLK_RETURN);
    ck_assert_near(scen()->units[u].pose.facing, 10, 1e-12);
    retype("Position x", "12.25", SDLK_TAB);
    ck_assert_near(scen()->units[u].pose.anchor.x, 12.25, 0);
    ck_assert_int_eq(g_app->editor->doc.nundo, nundo + 2);
    /* Tab went on to the next field, which now has the keyboard. */
    const struct VlUiForm *f = g_app->editor->form;
    ck_assert_int_ge(f->focus, 0);
    ck_assert_str_eq(f->rows[f->focus].text, "Position y");
    /* A reinforcement: its turn, and the nearest edge offered at once. */
    key(SDLK_ESCAPE, 0);
    retype("Arrives turn", "3", SDLK_RETURN);
    ck_assert_int_eq(scen()->units[u].arrive_turn, 3);
    ck_assert_str_eq(scen()->units[u].arrive_edge, "west");
    ck_assert_ptr_nonnull(row_labelled("Arrives by"));
}
END_TEST

START_TEST(only_the_formations_a_type_allows_are_offered)
{
    select_one(VL_ED_UNIT, unit_named("u_8il")); /* dismounted cavalry */
    ck_assert(offered("Formation", "skirmish"));
    ck_assert(offered("Formation", "square"));
    ck_assert(!offered("Formation", "line"));
    ck_assert(!offered("Formation", "column"));
    ck_assert_ptr_nonnull(row_labelled("Mounted"));
    /* Mounting it offers line and column, and moves it out of skirmish order. */
    int u = unit_named("u_8il");
    click_field("Mounted");
    ck_assert(scen()->units[u].mounted);
    ck_assert_int_eq(scen()->units[u].formation, VL_FORM_LINE);
    ck_assert(offered("Formation", "column"));
    ck_assert(!offered("Formation", "skirmish"));

    select_one(VL_ED_UNIT, unit_named("u_calef")); /* artillery */
    ck_assert(offered("Formation", "unlimbered"));
    ck_assert(offered("Formation", "limbered"));
    ck_assert(!offered("Formation", "line"));
    ck_assert(!offered("Weapon", "carbine"));
    ck_assert_ptr_null(row_labelled("Mounted"));

    select_one(VL_ED_UNIT, unit_named("c_archer")); /* a general: neither */
    ck_assert_ptr_null(row_labelled("Formation"));
    ck_assert_ptr_null(row_labelled("Weapon"));
    ck_assert(offered("Commander", "Archer")); /* his brigade's commander, by name */

    /* An infantry regiment made artillery takes a formation and guns its new type allows. */
    u = unit_named("c_1tn");
    select_one(VL_ED_UNIT, u);
    ck_assert(offered("Formation", "square"));
    click_field("Type"); /* infantry -> cavalry */
    ck_assert_int_eq(scen()->units[u].type, VL_CAVALRY);
    ck_assert(scen()->units[u].mounted);
    click_field("Type"); /* -> artillery */
    ck_assert_int_eq(scen()->units[u].type, VL_ARTILLERY);
    ck_assert_int_eq(scen()->units[u].formation, VL_FORM_UNLIMBERED);
    ck_assert_int_eq(scen()->units[u].spec.count, 4);
    ck_assert(scen()->units[u].weapon == VL_RIFLED || scen()->units[u].weapon == VL_SMOOTHBORE);
    /* The brigade is chosen by name among the side's. */
    ck_assert(offered("Brigade", vl_brigade_label(scen(), scen()->units[u].brigade)));
    ck_assert(!offered("Brigade", "ub1"));
}
END_TEST

START_TEST(muster_rolls_as_the_core_tables_do)
{
    int u = unit_named("c_1tn"); /* Confederate infantry, 1863, eastern */
    select_one(VL_ED_UNIT, u);
    for (uint64_t seed = 1; seed <= 6; seed++) {
        vl_ui_editor_form_seed(g_app, seed);
        VlRng rng;
        vl_rng_seed(&rng, seed, 1863); /* as volley muster --seed */
        int d6 = vl_rng_d6(&rng);
        VlQuality q = vl_quality_roll(1863, true, VL_INFANTRY, d6);
        int d10 = (int)vl_rng_below(&rng, 10) + 1;
        VlWeapon w = vl_arming_smoothbore(1863, true, false, d10) ? VL_SMOOTHBORE : VL_RIFLED;
        int nundo = g_app->editor->doc.nundo;
        click_field("Muster");
        ck_assert_int_eq(scen()->units[u].quality, q);
        ck_assert_int_eq(scen()->units[u].weapon, w);
        ck_assert_int_eq(g_app->editor->doc.nundo, nundo + 1);
        char want[80];
        snprintf(want, sizeof want, "quality D6 %d, %s; arms D10 %d, %s", d6, vl_quality_name(q), d10, vl_weapon_name(w));
        ck_assert_msg(strstr(last_message(), want) != NULL, "%s", last_message());
        ck_assert_ptr_nonnull(strstr(last_message(), "1st Tennessee"));
        ck_assert_ptr_nonnull(strstr(last_message(), "Confederate"));
    }
}
END_TEST

START_TEST(several_selected_share_side_and_quality)
{
    int a = unit_named("c_1tn"), b = unit_named("c_13al");
    VlUiEditor *ed = g_app->editor;
    ed->nsel = 3;
    ed->sel[0] = (VlEdRef){VL_ED_UNIT, a};
    ed->sel[1] = (VlEdRef){VL_ED_UNIT, b};
    ed->sel[2] = (VlEdRef){VL_ED_OBJECTIVE, 0};
    vl_ui_editor_form_refresh(g_app);
    ck_assert_str_eq(ed->form->rows[0].text, "3 selected");
    ck_assert_int_eq(row_labelled("Quality")->f.index, VL_SEASONED);
    click_field("Quality"); /* seasoned -> veteran, for both */
    ck_assert_int_eq(scen()->units[a].quality, VL_VETERAN);
    ck_assert_int_eq(scen()->units[b].quality, VL_VETERAN);
    ck_assert(vl_edit_undo(&ed->doc, NULL, 0));
    ck_assert_int_eq(scen()->units[a].quality, VL_SEASONED);
    ck_assert_int_eq(scen()->units[b].quality, VL_SEASONED);
}
END_TEST

START_TEST(terrain_changes_kind_only_within_areas_or_lines)
{
    select_one(VL_ED_TERRAIN, 0); /* McPherson's Ridge, a hill */
    ck_assert(offered("Type", "woods"));
    ck_assert(!offered("Type", "road"));
    ck_assert_ptr_nonnull(row_labelled("Hill level"));
    ck_assert_ptr_null(row_labelled("Width"));
    retype("Hill level", "10", SDLK_RETURN);
    ck_assert_ptr_nonnull(strstr(last_message(), "from 1 to 9"));
    key(SDLK_ESCAPE, 0);
    retype("Hill level", "2", SDLK_RETURN);
    ck_assert_int_eq(scen()->terrain[0].level, 2);
    select_one(VL_ED_TERRAIN, 2); /* Willoughby Run, a stream */
    ck_assert(offered("Type", "fence"));
    ck_assert(!offered("Type", "hill"));
    retype("Width", "0.75", SDLK_RETURN);
    ck_assert_near(scen()->terrain[2].width, 0.75, 0);
    select_one(VL_ED_OBJECTIVE, 0);
    retype("Points", "3", SDLK_RETURN);
    ck_assert_int_eq(scen()->objectives[0].points, 3);
    retype("Radius", "0.1", SDLK_RETURN);
    ck_assert_ptr_nonnull(strstr(last_message(), "from 0.25 to 48 in"));
}
END_TEST

START_TEST(the_scenario_form_changes_name_and_turns)
{
    VlUiEditor *ed = g_app->editor;
    ed->nsel = 0;
    vl_ui_editor_form_refresh(g_app);
    ck_assert_str_eq(ed->form->rows[0].text, "Scenario");
    retype("Name", "Pike at dawn", SDLK_TAB);
    ck_assert_str_eq(scen()->name, "Pike at dawn");
    ck_assert_str_eq(ed->form->rows[ed->form->focus].text, "Description");
    key(SDLK_ESCAPE, 0);
    retype("Turns", "0", SDLK_RETURN);
    ck_assert_ptr_nonnull(strstr(last_message(), "Turns: expected a whole number from 1 to 99"));
    ck_assert_int_eq(scen()->turns, 8);
    key(SDLK_ESCAPE, 0);
    retype("Turns", "10", SDLK_RETURN);
    ck_assert_int_eq(scen()->turns, 10);
    retype("Year", "", SDLK_RETURN); /* empty: no year */
    ck_assert_int_eq(scen()->year, 0);
    click_field("Theatre"); /* eastern -> western */
    ck_assert_str_eq(scen()->theatre, "western");
    click_field("Charges");
    ck_assert_int_eq(scen()->charge_rules, VL_RULES_JR3);
    char what[64];
    int undone = 0;
    while (vl_edit_undo(&ed->doc, what, sizeof what))
        undone++;
    ck_assert_int_eq(undone, 5);
    ck_assert_int_eq(scen()->turns, 8);
    ck_assert_str_eq(scen()->name, "Tutorial: Morning on the Chambersburg Pike");
    ck_assert_int_eq(scen()->year, 1863);
}
END_TEST

START_TEST(a_new_brigade_and_its_commander)
{
    int u = unit_named("c_13al");
    select_one(VL_ED_UNIT, u);
    int nb = scen()->nbrigades;
    /* Brigade: none, Archer's, new brigade; a click on the right cycles on. */
    const VlFormRow *r = row_labelled("Brigade");
    ck_assert_int_eq(r->f.nwords, 3);
    click_field("Brigade");
    ck_assert_int_eq(scen()->nbrigades, nb + 1);
    ck_assert_int_eq(scen()->units[u].brigade, nb);
    ck_assert_str_eq(scen()->brigades[nb].name, "13th Alabama's Brigade");
    ck_assert_int_eq(scen()->brigades[nb].side, scen()->units[u].side);
    click_field("Commander"); /* none -> Archer */
    ck_assert_int_eq(scen()->brigades[nb].commander, unit_named("c_archer"));
    /* The loader takes the new brigade as it is. */
    VlDiagList d;
    vl_diag_init(&d, "edited");
    ck_assert_int_eq(vl_scenario_check(scen(), &d), VL_OK);
    vl_diag_free(&d);
}
END_TEST

START_TEST(a_script_sets_fields_by_their_labels)
{
    int u = unit_named("u_8ny");
    select_one(VL_ED_UNIT, u);
    ck_assert(vl_ui_editor_form_enter(g_app, AREA, "Name", "8th New York Cavalry, \xC3\x89lite Squadron of the Army"));
    ck_assert_str_eq(scen()->units[u].name, "8th New York Cavalry, \xC3\x89lite Squadron of the Army");
    ck_assert(vl_ui_editor_form_enter(g_app, AREA, "Formation", "column"));
    ck_assert_int_eq(scen()->units[u].formation, VL_FORM_COLUMN);
    ck_assert(!vl_ui_editor_form_enter(g_app, AREA, "Formation", "square")); /* mounted: not offered */
    ck_assert(vl_ui_editor_form_enter(g_app, AREA, "Mounted", "no"));
    ck_assert(!scen()->units[u].mounted);
    ck_assert(vl_ui_editor_form_enter(g_app, AREA, "Formation", "square"));
    ck_assert(!vl_ui_editor_form_enter(g_app, AREA, "Facing", "north"));
    ck_assert(vl_ui_editor_form_enter(g_app, AREA, "Facing", "-90"));
    ck_assert_near(scen()->units[u].pose.facing, 270, 1e-12);
    ck_assert(!vl_ui_editor_form_enter(g_app, AREA, "Orders", "attack"));
}
END_TEST

/* ---- the look ---- */

static void shoot(const char *name)
{
    SDL_SetRenderDrawColor(g_ui.r, 0x17, 0x1A, 0x1E, 255);
    SDL_RenderClear(g_ui.r);
    vl_ui_editor_form_draw(g_app, AREA);
    char path[512];
    snprintf(path, sizeof path, "%s/%s", VL_BUILD_ROOT, name);
    ck_assert_msg(vl_ui_png_write_renderer(g_ui.r, path), "cannot write %s", path);
}

START_TEST(screenshots_of_the_forms)
{
    int u = unit_named("c_13al");
    select_one(VL_ED_UNIT, u);
    click_field("Muster");
    click_field("Name");
    type(" Infantry");
    shoot("forms-unit.png");
    key(SDLK_ESCAPE, 0);
    /* The unit form with its brigade does not fit in a short area: it scrolls to the field asked for. */
    AREA.h = 380;
    SDL_Rect r;
    ck_assert(vl_ui_editor_form_field_rect(g_app, AREA, "Commander", &r));
    ck_assert_int_le(r.y + r.h, AREA.y + AREA.h);
    ck_assert_int_gt(g_app->editor->form->scroll, 0);
    /* The wheel over the form scrolls it back to the top; elsewhere it is the table's. */
    SDL_Event w;
    memset(&w, 0, sizeof w);
    w.type = SDL_MOUSEWHEEL;
    w.wheel.y = 1;
    g_app->mouse_x = 100, g_app->mouse_y = 100;
    ck_assert(!vl_ui_editor_form_event(g_app, &w, AREA));
    g_app->mouse_x = AREA.x + 50, g_app->mouse_y = AREA.y + 50;
    for (int i = 0; i < 40; i++)
        ck_assert(vl_ui_editor_form_event(g_app, &w, AREA));
    ck_assert_int_eq(g_app->editor->form->scroll, 0);
    ck_assert(vl_ui_editor_form_field_rect(g_app, AREA, "Commander", &r));
    shoot("forms-unit-scrolled.png");
    AREA.h = 640;
    g_app->editor->nsel = 0;
    vl_ui_editor_form_refresh(g_app);
    retype("Turns", "0", SDLK_RETURN);
    shoot("forms-scenario.png");
    key(SDLK_ESCAPE, 0);
    select_one(VL_ED_TERRAIN, 0);
    shoot("forms-terrain.png");
    VlUiEditor *ed = g_app->editor;
    ed->nsel = 3;
    ed->sel[0] = (VlEdRef){VL_ED_UNIT, unit_named("c_1tn")};
    ed->sel[1] = (VlEdRef){VL_ED_UNIT, unit_named("c_marye")};
    ed->sel[2] = (VlEdRef){VL_ED_OBJECTIVE, 1};
    vl_ui_editor_form_refresh(g_app);
    click_field("Muster");
    shoot("forms-several.png");
}
END_TEST

static Suite *forms_suite(void)
{
    Suite *s = suite_create("ui_forms");
    TCase *tc = tcase_create("forms");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, a_text_field_edits_by_whole_characters);
    tcase_add_test(tc, typing_a_name_renames_the_unit_and_undo_restores_it);
    tcase_add_test(tc, bad_numbers_are_refused_with_their_range);
    tcase_add_test(tc, only_the_formations_a_type_allows_are_offered);
    tcase_add_test(tc, muster_rolls_as_the_core_tables_do);
    tcase_add_test(tc, several_selected_share_side_and_quality);
    tcase_add_test(tc, terrain_changes_kind_only_within_areas_or_lines);
    tcase_add_test(tc, the_scenario_form_changes_name_and_turns);
    tcase_add_test(tc, a_new_brigade_and_its_commander);
    tcase_add_test(tc, a_script_sets_fields_by_their_labels);
    tcase_add_test(tc, screenshots_of_the_forms);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(forms_suite()); }
