/* volley move SCENARIO UNIT STEP...: the movement resolver from the command line. */
#include "resolve_out.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const step_help =
    "steps: advance:IN  back:IN  drift:IN (negative = left)  wheel:DEG[:left|right|centre]\n"
    "       turn:DEG  about  pivot:DEG[:left|right|centre]  form:FORMATION[:keep=N][:facing=DEG][:dismounted]\n"
    "       (DEG positive = clockwise)\n";

/* The JSON of a movement verdict (docs/resolvers-json.md). */
static void move_print(JsonOut *j, const VlWorld *w, int unit, const VlMoveVerdict *v)
{
    jo_begin_object(j);
    jo_key(j, "unit");
    jo_string(j, w->scenario->units[unit].id);
    jo_key(j, "legal");
    jo_bool(j, v->legal);
    jo_key(j, "depends_on_die");
    jo_bool(j, v->depends_on_die);
    if (v->depends_on_die) {
        jo_key(j, "max_die");
        jo_int(j, v->max_die);
    }
    jo_key(j, "ground");
    jo_string(j, vl_ground_name(v->ground));
    jo_key(j, "allowance");
    bool pretty = j->pretty;
    j->pretty = false;
    jo_begin_object(j);
    jo_key(j, "min");
    jo_number(j, v->allowance.min);
    jo_key(j, "max");
    jo_number(j, v->allowance.max);
    jo_key(j, "die_loss");
    jo_bool(j, v->allowance.die_loss);
    jo_end_object(j);
    j->pretty = pretty;
    jo_key(j, "cost");
    jo_number(j, v->cost);
    jo_key(j, "final");
    j->pretty = false;
    jo_begin_object(j);
    jo_key(j, "position");
    jo_point(j, v->final_pose.anchor);
    jo_key(j, "facing");
    jo_number(j, v->final_pose.facing);
    jo_key(j, "formation");
    jo_string(j, vl_formation_name(v->final_formation));
    jo_key(j, "mounted");
    jo_bool(j, v->final_mounted);
    jo_end_object(j);
    j->pretty = pretty;
    jo_key(j, "steps_done");
    jo_int(j, v->steps_done);
    jo_key(j, "path");
    j->pretty = false;
    jo_begin_array(j);
    for (int i = 0; i < v->npath; i++)
        ro_pose(j, v->path[i]);
    jo_end_array(j);
    j->pretty = pretty;
    jo_key(j, "interpenetrated");
    ro_unit_list(j, w, v->interpenetrated, v->ninterpenetrated);
    jo_key(j, "rough");
    ro_feature_list(j, w, v->rough, v->nrough);
    jo_key(j, "road");
    ro_feature_or_null(j, w, v->road);
    jo_key(j, "extra_hits");
    jo_int(j, v->extra_hits);
    jo_key(j, "reasons");
    ro_reasons(j, w, &v->why);
    jo_end_object(j);
}

int vl_cmd_move(int argc, char **argv)
{
    const char *path = NULL, *unit = NULL;
    VlMoveOrder o = {0};
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--gallop") == 0)
            o.gallop = true;
        else if (strcmp(argv[i], "--double-time") == 0)
            o.double_time = true;
        else if (strcmp(argv[i], "--die") == 0 && i + 1 < argc) {
            long v;
            if (!vl_cli_int_flag("move", "--die", argv[++i], 1, 6, &v))
                return 2;
            o.rough_die = (int)v;
        } else if (argv[i][0] == '-' && argv[i][1] && !(argv[i][1] >= '0' && argv[i][1] <= '9')) {
            fprintf(stderr, "volley move: unknown option \"%s\" (known: --gallop, --double-time, --die N)\n", argv[i]);
            return 2;
        } else if (!path)
            path = argv[i];
        else if (!unit)
            unit = argv[i];
        else {
            if (o.nsteps == VL_MAX_STEPS) {
                fprintf(stderr, "volley move: at most %d steps\n", VL_MAX_STEPS);
                return 2;
            }
            char err[200];
            if (!vl_step_parse(argv[i], &o.steps[o.nsteps++], err, sizeof err)) {
                fprintf(stderr, "volley move: %s\n%s", err, step_help);
                return 2;
            }
        }
    }
    if (!path || !unit || o.nsteps == 0) {
        fprintf(stderr, "usage: volley move SCENARIO UNIT STEP... [--gallop] [--double-time] [--die N]\n%s", step_help);
        return 2;
    }
    VlScenario s;
    VlWorld *w;
    if (vl_cli_open_world(path, &s, &w))
        return 1;
    int rc = 1;
    o.unit = vl_cli_find_unit(&s, path, unit);
    if (o.unit >= 0) {
        VlMoveVerdict v;
        vl_resolve_move(w, &o, &v);
        JsonOut j;
        jo_init(&j, stdout, true);
        move_print(&j, w, o.unit, &v);
        jo_end(&j);
        rc = v.legal ? 0 : 3;
    }
    vl_world_destroy(w);
    vl_scenario_free(&s);
    return rc;
}
