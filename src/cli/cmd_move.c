/* volley move SCENARIO UNIT STEP...: the movement resolver from the command line. */
#include "resolve_out.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const step_help =
    "steps: advance:IN  back:IN  drift:IN (negative = left)  wheel:DEG[:left|right|centre]\n"
    "       turn:DEG  about  pivot:DEG[:left|right|centre]  form:FORMATION[:keep=N][:facing=DEG][:dismounted]\n"
    "       (DEG positive = clockwise)\n";

static bool parse_number(const char *s, double *out)
{
    char *end;
    *out = strtod(s, &end);
    return end != s && *end == 0 && isfinite(*out);
}

/* Parse one step word; on error print why and return false. */
static bool parse_step(const char *word, VlStep *st)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", word);
    char *parts[6] = {0};
    int np = 0;
    for (char *tok = strtok(buf, ":"); tok && np < 6; tok = strtok(NULL, ":"))
        parts[np++] = tok;
    memset(st, 0, sizeof *st);
    st->keep_base = -1;
    st->facing = NAN;
    st->pivot = VL_PIVOT_CENTRE;
    st->mounted = true;
    if (np == 0)
        goto bad;
    static const struct {
        const char *name;
        VlStepKind kind;
        bool needs_amount;
    } kinds[] = {{"advance", VL_STEP_ADVANCE, true}, {"back", VL_STEP_BACK, true},   {"drift", VL_STEP_DRIFT, true},
                 {"wheel", VL_STEP_WHEEL, true},     {"turn", VL_STEP_TURN, true},   {"about", VL_STEP_ABOUT, false},
                 {"pivot", VL_STEP_PIVOT, true},     {"form", VL_STEP_FORM, false}};
    int k = -1;
    for (int i = 0; i < 8; i++)
        if (strcmp(parts[0], kinds[i].name) == 0)
            k = i;
    if (k < 0)
        goto bad;
    st->kind = kinds[k].kind;
    if (st->kind == VL_STEP_FORM) {
        int f = np > 1 ? vl_formation_parse(parts[1]) : -1;
        if (f < 0) {
            fprintf(stderr, "volley move: \"%s\": form needs a formation (line, skirmish, column, square, "
                            "unlimbered, limbered)\n", word);
            return false;
        }
        st->formation = (VlFormation)f;
        for (int i = 2; i < np; i++) {
            if (strncmp(parts[i], "keep=", 5) == 0)
                st->keep_base = atoi(parts[i] + 5);
            else if (strncmp(parts[i], "facing=", 7) == 0 && parse_number(parts[i] + 7, &st->facing))
                ;
            else if (strcmp(parts[i], "dismounted") == 0)
                st->mounted = false;
            else if (strcmp(parts[i], "mounted") == 0)
                st->mounted = true;
            else
                goto bad;
        }
        return true;
    }
    if (kinds[k].needs_amount) {
        if (np < 2 || !parse_number(parts[1], &st->amount))
            goto bad;
    } else if (np > 1) {
        goto bad;
    }
    if (np > 2) {
        if (st->kind != VL_STEP_WHEEL && st->kind != VL_STEP_PIVOT)
            goto bad;
        if (strcmp(parts[2], "left") == 0)
            st->pivot = VL_PIVOT_LEFT;
        else if (strcmp(parts[2], "right") == 0)
            st->pivot = VL_PIVOT_RIGHT;
        else if (strcmp(parts[2], "centre") == 0 || strcmp(parts[2], "center") == 0)
            st->pivot = VL_PIVOT_CENTRE;
        else
            goto bad;
    } else if (st->kind == VL_STEP_WHEEL) {
        /* A wheel to the right pivots on the right end, to the left on the left end. */
        st->pivot = st->amount >= 0 ? VL_PIVOT_RIGHT : VL_PIVOT_LEFT;
    }
    return true;
bad:
    fprintf(stderr, "volley move: cannot read step \"%s\"\n%s", word, step_help);
    return false;
}

void vl_move_print(JsonOut *j, const VlWorld *w, int unit, const VlMoveVerdict *v)
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
    if (v->road >= 0)
        jo_string(j, w->scenario->terrain[v->road].id);
    else
        jo_null(j);
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
            o.rough_die = atoi(argv[++i]);
            if (o.rough_die < 1 || o.rough_die > 6) {
                fprintf(stderr, "volley move: --die takes a die roll from 1 to 6\n");
                return 2;
            }
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
            if (!parse_step(argv[i], &o.steps[o.nsteps++]))
                return 2;
        }
    }
    if (!path || !unit || o.nsteps == 0) {
        fprintf(stderr, "usage: volley move SCENARIO UNIT STEP... [--gallop] [--double-time] [--die N]\n%s", step_help);
        return 2;
    }
    VlScenario s;
    VlWorld *w;
    if (ro_open_world(path, &s, &w))
        return 1;
    int rc = 1;
    o.unit = ro_find_unit(&s, path, unit);
    if (o.unit >= 0) {
        VlMoveVerdict v;
        vl_resolve_move(w, &o, &v);
        JsonOut j;
        jo_init(&j, stdout, true);
        vl_move_print(&j, w, o.unit, &v);
        jo_end(&j);
        rc = v.legal ? 0 : 3;
    }
    vl_world_destroy(w);
    vl_scenario_free(&s);
    return rc;
}
