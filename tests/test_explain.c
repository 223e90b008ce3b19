/* The rule hovers' texts (src/rules/explain.c): every id of the checklist and every ruling of
 * docs/rules-decisions.md has one, of the size a hover box shows, and nothing is explained that
 * neither the checklist nor the rulings know. */
#include "testutil.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

START_TEST(every_checklist_id_has_a_text)
{
    int n;
    const VlRuleInfo *r = vl_rules_checklist(&n);
    ck_assert_int_gt(n, 50);
    for (int i = 0; i < n; i++) {
        const char *t = vl_rule_explain(r[i].id);
        ck_assert_msg(t != NULL, "%s has no text in src/rules/explain.c", r[i].id);
    }
}
END_TEST

/* The rulings' ids as docs/rules-decisions.md opens each block: "**D-GAME-3 Command bases ...". */
static int ruling_ids(char ids[][24], int max)
{
    FILE *f = fopen(VL_SOURCE_ROOT "/docs/rules-decisions.md", "r");
    ck_assert_msg(f != NULL, "cannot open docs/rules-decisions.md");
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "**D-", 4) != 0)
            continue;
        size_t k = 2;
        while (line[k] && (isalnum((unsigned char)line[k]) || line[k] == '-') && k - 2 < 23)
            k++;
        ck_assert_int_lt(n, max);
        memcpy(ids[n], line + 2, k - 2);
        ids[n][k - 2] = 0;
        n++;
    }
    fclose(f);
    return n;
}

START_TEST(every_ruling_has_a_text)
{
    static char ids[400][24];
    int n = ruling_ids(ids, 400);
    ck_assert_int_gt(n, 40);
    for (int i = 0; i < n; i++)
        ck_assert_msg(vl_rule_explain(ids[i]) != NULL, "%s (docs/rules-decisions.md) has no text in src/rules/explain.c",
                      ids[i]);
}
END_TEST

START_TEST(every_text_is_of_a_known_id_once_and_fits_a_hover)
{
    static char rulings[400][24];
    int nr = ruling_ids(rulings, 400), nc;
    const VlRuleInfo *r = vl_rules_checklist(&nc);
    int count = 0;
    for (int i = 0; vl_rule_explain_id(i); i++) {
        const char *id = vl_rule_explain_id(i);
        count++;
        bool known = false;
        for (int k = 0; k < nc && !known; k++)
            known = strcmp(r[k].id, id) == 0;
        for (int k = 0; k < nr && !known; k++)
            known = strcmp(rulings[k], id) == 0;
        ck_assert_msg(known, "explain.c explains %s, which is neither a checklist id nor a ruling", id);
        for (int j = 0; j < i; j++)
            ck_assert_msg(strcmp(vl_rule_explain_id(j), id) != 0, "%s is explained twice", id);
        size_t len = strlen(vl_rule_explain(id));
        ck_assert_msg(len >= 30 && len <= 320, "%s: %zu characters (a hover shows 30 to 320)", id, len);
    }
    ck_assert_int_eq(count, nc + nr);
}
END_TEST

START_TEST(lookup_ignores_case_and_knows_no_other_id)
{
    ck_assert_ptr_eq(vl_rule_explain("gor-chg-2"), vl_rule_explain("GOR-CHG-2"));
    ck_assert_ptr_nonnull(strstr(vl_rule_explain("GOR-CHG-2"), "5 in"));
    ck_assert_ptr_null(vl_rule_explain("GOR-CHG-99"));
    ck_assert_ptr_null(vl_rule_explain(""));
    ck_assert_ptr_null(vl_rule_explain(NULL));
    ck_assert_ptr_null(vl_rule_explain_id(-1));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("explain");
    TCase *t = tcase_create("texts");
    tcase_add_test(t, every_checklist_id_has_a_text);
    tcase_add_test(t, every_ruling_has_a_text);
    tcase_add_test(t, every_text_is_of_a_known_id_once_and_fits_a_hover);
    tcase_add_test(t, lookup_ignores_case_and_knows_no_other_id);
    suite_add_tcase(s, t);
    return tu_run(s);
}
