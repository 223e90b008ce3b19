/* volley play: the main job. Until the game screen exists (issue "The game on screen"), it loads
 * the scenario, checks it, and prints the order of battle and a geometry summary, so that the
 * README's play command already shows what Volley makes of a table. */
#include "cli.h"

#include <string.h>
#include <unistd.h>

const char *vl_default_scenario_path(void)
{
    /* Run from the source tree or the build tree: prefer ./scenarios, then the source root. */
    static char buf[1024];
    if (access("scenarios/tutorial.json", R_OK) == 0)
        return "scenarios/tutorial.json";
    snprintf(buf, sizeof buf, "%s/scenarios/tutorial.json", VL_SOURCE_ROOT);
    return buf;
}

int vl_cmd_play(int argc, char **argv)
{
    if (argc > 1 || (argc == 1 && argv[0][0] == '-')) {
        fprintf(stderr, "usage: volley play [SCENARIO]\n");
        return 2;
    }
    const char *path = argc == 1 ? argv[0] : vl_default_scenario_path();
    VlScenario s;
    if (vl_cli_load(path, &s) != VL_OK)
        return 1;
    VlBattlefield *bf = vl_scenario_battlefield(&s);
    if (!bf) {
        vl_scenario_free(&s);
        return 1;
    }
    printf("%s\n", s.name);
    if (s.description[0])
        printf("%s\n", s.description);
    printf("Table %g x %g in; %d terrain features; %d units.\n", s.width, s.height, s.nterrain, s.nunits);
    printf("\nThe game screen is not built yet: this version checks the scenario and shows its geometry.\n"
           "For every pair of units, `volley query %s` prints the full measures as JSON.\n",
           path);
    for (int side = 0; side < s.nsides; side++) {
        printf("\n%s\n", s.sides[side].name);
        for (int i = 0; i < s.nunits; i++) {
            const VlScenarioUnit *u = &s.units[i];
            if (u->side != side)
                continue;
            const VlFootprint *fp = &vl_battlefield_unit(bf, i)->fp;
            /* The nearest enemy and whether this unit can see it. */
            int near = -1;
            double best = 1e300;
            for (int k = 0; k < s.nunits; k++) {
                if (s.units[k].side == side)
                    continue;
                double d = vl_footprint_distance(fp, &vl_battlefield_unit(bf, k)->fp);
                if (d < best) {
                    best = d;
                    near = k;
                }
            }
            char what[64];
            if (u->type == VL_GENERAL)
                snprintf(what, sizeof what, "general");
            else
                snprintf(what, sizeof what, "%s %s, %s", vl_unit_type_name(u->type), vl_formation_name(u->formation),
                         vl_weapon_name(u->weapon));
            printf("  %-6s %-30.30s %-34s at (%5.1f,%5.1f) facing %5.1f", u->id, u->name[0] ? u->name : u->id, what,
                   u->pose.anchor.x, u->pose.anchor.y, u->pose.facing);
            if (near >= 0) {
                VlSight sight;
                vl_sight(bf, i, near, &sight);
                printf("  nearest enemy %s at %.1f in, %s", s.units[near].id, best,
                       sight.clear ? "in sight" : "out of sight");
            }
            printf("\n");
        }
    }
    vl_battlefield_destroy(bf);
    vl_scenario_free(&s);
    return 0;
}
