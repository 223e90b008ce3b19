/* volley validate FILE...: check scenario files; ok or every problem found in each. */
#include "cli.h"

int vl_cmd_validate(int argc, char **argv)
{
    if (argc < 1) {
        fprintf(stderr, "usage: volley validate FILE...\n");
        return 2;
    }
    int bad = 0;
    for (int i = 0; i < argc; i++) {
        VlScenario s;
        VlDiagList diags;
        vl_diag_init(&diags, argv[i]);
        VlStatus st = vl_scenario_load_file(argv[i], &s, &diags);
        if (st == VL_OK) {
            printf("%s: ok\n", vl_cli_tx(argv[i]));
            vl_scenario_free(&s);
        } else {
            bad++;
            vl_cli_diag_print(&diags, stdout);
            printf("%s: %d problem%s\n", vl_cli_tx(argv[i]), diags.count, diags.count == 1 ? "" : "s");
        }
        vl_diag_free(&diags);
    }
    return bad ? 1 : 0;
}
