/* The rule set a game plays by (src/rules/ruleset.c, the scenario's "rules" object, the log's
 * header): parsed from the words of --rules and --option, described for people, refused when this
 * version would skip a part of it, and carried by a saved game. */
#define _XOPEN_SOURCE 700 /* mkstemp */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

START_TEST(words_of_the_command_line_set_the_charge_rules_and_the_republic_options)
{
    VlRuleOptions o = vl_rule_options_default();
    char why[700];
    ck_assert(vl_rule_options_parse("gunson", "rep-505,REP-601", &o, why, sizeof why));
    ck_assert_int_eq(o.charge_rules, VL_RULES_GUNSON);
    ck_assert(vl_rep_on(&o, VL_REP_505) && vl_rep_on(&o, VL_REP_601) && !vl_rep_on(&o, VL_REP_201));
    ck_assert(vl_rule_options_parse(NULL, "none", &o, why, sizeof why));
    ck_assert_uint_eq(o.republic, 0);
    ck_assert_int_eq(o.charge_rules, VL_RULES_GUNSON); /* NULL keeps them */
    ck_assert(vl_rule_options_parse(NULL, "ALL", &o, why, sizeof why));
    ck_assert_uint_eq(o.republic, (1u << VL_REP_COUNT) - 1);
    ck_assert(!vl_rule_options_parse("jr4", NULL, &o, why, sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "\"jr4\""));
    ck_assert(!vl_rule_options_parse(NULL, "REP-505,REP-505", &o, why, sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "twice"));
    ck_assert(!vl_rule_options_parse(NULL, "REP-505,", &o, why, sizeof why));
    ck_assert(!vl_rule_options_parse(NULL, "REP-999", &o, why, sizeof why));
    ck_assert(!vl_rule_options_parse(NULL, "", &o, why, sizeof why));
}
END_TEST

START_TEST(the_rule_set_is_described_by_its_names)
{
    VlRuleOptions o = vl_rule_options_default();
    char d[400];
    vl_rule_options_describe(&o, true, d, sizeof d);
    ck_assert_str_eq(d, "Good Old Rebel");
    o.charge_rules = VL_RULES_JR3;
    o.republic = 1u << VL_REP_505 | 1u << VL_REP_601;
    vl_rule_options_describe(&o, true, d, sizeof d);
    ck_assert_str_eq(d, "Good Old Rebel with JR III charges; Republic options: REP-505 firefights, REP-601 "
                        "line-of-sight blind zones");
    vl_rule_options_describe(&o, false, d, sizeof d);
    ck_assert_str_eq(d, "Good Old Rebel with JR III charges + REP-505, REP-601");
    for (int k = 0; k < VL_REP_COUNT; k++) {
        ck_assert_int_eq(vl_rep_option_parse(vl_rep_option_id((VlRepOption)k)), k);
        ck_assert_msg(vl_rep_option_summary((VlRepOption)k)[0], "%s has no summary", vl_rep_option_id((VlRepOption)k));
    }
}
END_TEST

/* A rule set is refused exactly when some part of it is not done in the checklist, so no game
 * plays under a rule it would skip; the reason names the ids. */
START_TEST(a_rule_set_is_refused_when_this_version_does_not_play_a_part_of_it)
{
    char why[700];
    VlRuleOptions o = vl_rule_options_default();
    ck_assert(vl_rule_options_check(&o, why, sizeof why));
    int n;
    const VlRuleInfo *r = vl_rules_checklist(&n);
    for (int k = 0; k < VL_REP_COUNT; k++) {
        VlRuleOptions x = vl_rule_options_default();
        x.republic = 1u << k;
        VlRuleState st = VL_RULE_NOT_YET;
        for (int i = 0; i < n; i++)
            if (strcmp(r[i].id, vl_rep_option_id((VlRepOption)k)) == 0)
                st = r[i].state;
        bool ok = vl_rule_options_check(&x, why, sizeof why);
        ck_assert_msg(ok == (st == VL_RULE_DONE), "%s: %s", vl_rep_option_id((VlRepOption)k), why);
        if (!ok)
            ck_assert_ptr_nonnull(strstr(why, vl_rep_option_id((VlRepOption)k)));
    }
    for (int c = VL_RULES_JR3; c <= VL_RULES_GUNSON; c++) {
        VlRuleOptions x = vl_rule_options_default();
        x.charge_rules = (VlChargeRules)c;
        bool all = true;
        const char *prefix = c == VL_RULES_JR3 ? "JR3-" : "GUN-";
        for (int i = 0; i < n; i++)
            if (strncmp(r[i].id, prefix, 4) == 0)
                all &= r[i].state == VL_RULE_DONE;
        ck_assert_int_eq(vl_rule_options_check(&x, why, sizeof why), all);
        ck_assert_int_eq(vl_charge_rules_playable((VlChargeRules)c), all);
    }
}
END_TEST

static const char *scn_with_rules(const char *rules)
{
    tu_sb_begin("Rules", 48, 48);
    tu_sb_unit("u1", "union", "infantry", "line", 24, 10, 0, NULL);
    tu_sb_unit("c1", "csa", "infantry", "line", 24, 30, 180, NULL);
    if (rules)
        tu_sb_member("\"rules\":%s", rules);
    return NULL;
}

START_TEST(a_scenario_names_its_rules_and_a_new_game_starts_with_them)
{
    scn_with_rules("{\"charges\":\"gunson\",\"republic\":[\"REP-601\",\"rep-505\"]}");
    VlScenario s;
    tu_sb_load(&s);
    VlRuleOptions o = vl_rule_options_for(&s);
    ck_assert_int_eq(o.charge_rules, VL_RULES_GUNSON);
    ck_assert_uint_eq(o.republic, 1u << VL_REP_601 | 1u << VL_REP_505);
    ck_assert(o.retreat_distance == vl_rule_options_default().retreat_distance);
    vl_scenario_free(&s);
    scn_with_rules(NULL);
    tu_sb_load(&s);
    o = vl_rule_options_for(&s);
    ck_assert_int_eq(o.charge_rules, VL_RULES_GOR);
    ck_assert_uint_eq(o.republic, 0);
    vl_scenario_free(&s);
}
END_TEST

START_TEST(a_scenarios_bad_rules_are_refused_where_they_stand)
{
    static const struct {
        const char *rules, *path, *needle;
    } cases[] = {
        {"{\"charges\":\"jr4\"}", "rules.charges", "\"jr4\""},
        {"{\"republic\":[\"REP-505\",\"REP-505\"]}", "rules.republic[1]", "twice"},
        {"{\"republic\":[\"REP-1\"]}", "rules.republic[0]", "\"REP-1\""},
        {"{\"republic\":[5]}", "rules.republic[0]", "an integer"},
        {"{\"charge\":\"gor\"}", "rules.charge", "unknown field"},
        {"\"gor\"", "rules", "expected an object"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        scn_with_rules(cases[i].rules);
        VlDiagList d;
        tu_load_bad(tu_sb_json(), &d);
        ck_assert_msg(tu_has_problem(&d, cases[i].path, cases[i].needle), "case %zu: %s", i, cases[i].rules);
        vl_diag_free(&d);
    }
}
END_TEST

START_TEST(a_saved_game_keeps_its_republic_options)
{
    VlScenario s;
    VlDiagList d;
    vl_diag_init(&d, "tutorial");
    ck_assert_int_eq(vl_scenario_load_file(VL_SOURCE_ROOT "/scenarios/tutorial.json", &s, &d), VL_OK);
    vl_diag_free(&d);
    VlRuleOptions o = vl_rule_options_default();
    o.republic = 1u << VL_REP_303 | 1u << VL_REP_513;
    VlLog log;
    vl_log_init(&log, &s, 5, &o);
    char path[] = "/tmp/volley-ruleset-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    vl_diag_init(&d, path);
    ck_assert_int_eq(vl_log_save(&log, &s, path, &d), VL_OK);
    vl_diag_free(&d);
    FILE *f = fopen(path, "r");
    char head[2048] = "";
    ck_assert_ptr_nonnull(fgets(head, sizeof head, f));
    fclose(f);
    ck_assert_ptr_nonnull(strstr(head, "\"republic\":[\"REP-303\",\"REP-513\"]"));
    /* Read back, it has the same options; replayed, it plays under them or (when this version
     * does not play one) is refused with the id, never replayed under other rules. */
    VlLog back;
    VlScenario bs;
    vl_diag_init(&d, path);
    ck_assert_int_eq(vl_log_load(path, &back, &bs, &d), VL_OK);
    vl_diag_free(&d);
    ck_assert_uint_eq(back.options.republic, o.republic);
    VlReplayResult rr;
    VlGame *g = NULL;
    char why[700];
    bool playable = vl_rule_options_check(&o, why, sizeof why);
    VlStatus st = vl_log_replay(&back, &bs, &g, &rr);
    if (playable) {
        ck_assert_int_eq(st, VL_OK);
        ck_assert_uint_eq(vl_game_world_const(g)->options.republic, o.republic);
    } else {
        ck_assert_int_eq(st, VL_ERR_INVALID);
        ck_assert_ptr_null(g);
        ck_assert_msg(strstr(rr.message, "REP-303") || strstr(rr.message, "REP-513"), "%s", rr.message);
    }
    vl_game_destroy(g);
    vl_log_free(&back);
    vl_scenario_free(&bs);
    vl_log_free(&log);
    unlink(path);
    vl_scenario_free(&s);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ruleset");
    TCase *tc = tcase_create("ruleset");
    tcase_add_test(tc, words_of_the_command_line_set_the_charge_rules_and_the_republic_options);
    tcase_add_test(tc, the_rule_set_is_described_by_its_names);
    tcase_add_test(tc, a_rule_set_is_refused_when_this_version_does_not_play_a_part_of_it);
    tcase_add_test(tc, a_scenario_names_its_rules_and_a_new_game_starts_with_them);
    tcase_add_test(tc, a_scenarios_bad_rules_are_refused_where_they_stand);
    tcase_add_test(tc, a_saved_game_keeps_its_republic_options);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(suite()); }
