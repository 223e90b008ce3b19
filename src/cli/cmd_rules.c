/* volley rules: every checklist rule with its state, so nothing is silently missing; --explain ID
 * says what one rule (or one of Volley's rulings, D-...) decides, in the words the screen's rule
 * hovers show (src/rules/explain.c). */
#include "cli.h"

#include <string.h>

int vl_cmd_rules(int argc, char **argv)
{
    if (argc >= 1 && strcmp(argv[0], "--explain") == 0) {
        if (argc != 2) {
            fprintf(stderr, "usage: volley rules --explain ID   (an id of volley rules, e.g. GOR-CHG-2, or a ruling "
                            "of docs/rules-decisions.md, e.g. D-GAME-3)\n");
            return 2;
        }
        const char *text = vl_rule_explain(argv[1]);
        if (!text) {
            fprintf(stderr, "volley rules: no rule \"%s\": the ids are those `volley rules` lists (GOR-CHG-2) and the "
                            "rulings of docs/rules-decisions.md (D-GAME-3)\n", argv[1]);
            return 1;
        }
        printf("%s\n", text);
        return 0;
    }
    bool json = argc == 1 && strcmp(argv[0], "--json") == 0;
    if (argc > 1 || (argc == 1 && !json)) {
        fprintf(stderr, "usage: volley rules [--json | --explain ID]\n");
        return 2;
    }
    int n;
    const VlRuleInfo *r = vl_rules_checklist(&n);
    int counts[3] = {0};
    for (int i = 0; i < n; i++)
        counts[r[i].state]++;
    if (json) {
        JsonOut j;
        jo_init(&j, stdout, true);
        jo_begin_array(&j);
        for (int i = 0; i < n; i++) {
            bool pretty = j.pretty;
            jo_begin_object(&j);
            j.pretty = false;
            jo_key(&j, "id");
            jo_string(&j, r[i].id);
            jo_key(&j, "state");
            jo_string(&j, vl_rule_state_name(r[i].state));
            jo_key(&j, "note");
            jo_string(&j, r[i].note);
            jo_end_object(&j);
            j.pretty = pretty;
        }
        jo_end_array(&j);
        jo_end(&j);
        return 0;
    }
    for (int i = 0; i < n; i++)
        printf("%-13s %-8s %s\n", r[i].id, vl_rule_state_name(r[i].state), r[i].note);
    printf("\n%d rules: %d done, %d partly, %d not yet (docs/rules-checklist.md)\n", n,
           counts[VL_RULE_DONE], counts[VL_RULE_PARTLY], counts[VL_RULE_NOT_YET]);
    return 0;
}
