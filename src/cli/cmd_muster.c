/* volley muster: roll up regiments' quality and arms with the rulebook's tables (GOR-QUAL-1,
 * GOR-ARM-1), for scenario designers. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

int vl_cmd_muster(int argc, char **argv)
{
    int year = 1863, count = 1;
    bool confederate = false, western = false;
    int type = VL_INFANTRY;
    uint64_t seed = 1;
    for (int i = 0; i < argc; i++) {
        bool has = i + 1 < argc;
        long v;
        if (strcmp(argv[i], "--year") == 0 && has) {
            if (!vl_cli_int_flag("muster", "--year", argv[++i], 1861, 1865, &v))
                return 2;
            year = (int)v;
        } else if (strcmp(argv[i], "--side") == 0 && has) {
            const char *s = argv[++i];
            if (strcmp(s, "union") == 0)
                confederate = false;
            else if (strcmp(s, "confederate") == 0 || strcmp(s, "csa") == 0 || strcmp(s, "rebel") == 0)
                confederate = true;
            else {
                fprintf(stderr, "volley muster: --side takes union or confederate\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--type") == 0 && has) {
            type = vl_unit_type_parse(argv[++i]);
            if (type < 0) {
                fprintf(stderr, "volley muster: --type takes infantry, cavalry, artillery or general\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--theatre") == 0 && has) {
            const char *t = argv[++i];
            if (strcmp(t, "western") != 0 && strcmp(t, "eastern") != 0) {
                fprintf(stderr, "volley muster: --theatre takes eastern or western\n");
                return 2;
            }
            western = strcmp(t, "western") == 0;
        } else if (strcmp(argv[i], "--count") == 0 && has) {
            if (!vl_cli_int_flag("muster", "--count", argv[++i], 1, 1000, &v))
                return 2;
            count = (int)v;
        } else if (strcmp(argv[i], "--seed") == 0 && has) {
            if (!vl_cli_seed_flag("muster", argv[++i], &seed))
                return 2;
        } else {
            fprintf(stderr, "usage: volley muster [--year 1861..1865] [--side union|confederate] [--type TYPE] "
                            "[--theatre eastern|western] [--count N] [--seed N]\n");
            return 2;
        }
    }
    VlRng rng;
    vl_rng_seed(&rng, seed, 1863);
    printf("%d %s %s, %d, %s theatre (GOR-QUAL-1, GOR-ARM-1):\n", count, confederate ? "Confederate" : "Union",
           vl_unit_type_name((VlUnitType)type), year, western ? "western" : "eastern");
    for (int i = 0; i < count; i++) {
        int d6 = vl_rng_d6(&rng);
        VlQuality q = vl_quality_roll(year, confederate, (VlUnitType)type, d6);
        printf("  %3d: quality D6 %d -> %-8s", i + 1, d6, vl_quality_name(q));
        if (type == VL_INFANTRY || type == VL_ARTILLERY) {
            int d10 = (int)vl_rng_below(&rng, 10) + 1;
            printf("  arms D10 %2d -> %s", d10, vl_arming_smoothbore(year, confederate, western, d10) ? "smoothbore" : "rifled");
        } else if (type == VL_CAVALRY) {
            printf("  arms: carbine (cavalry use carbines)");
        }
        printf("\n");
    }
    return 0;
}
