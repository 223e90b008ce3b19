/* volley charge and volley threats: the charge resolvers and the rulebook's judgements. */
#include "resolve_out.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void print_verdict(JsonOut *j, const VlWorld *w, const VlChargeVerdict *v)
{
    const VlScenario *s = w->scenario;
    bool pretty = j->pretty;
    jo_begin_object(j);
    j->pretty = false;
    jo_key(j, "target");
    jo_string(j, s->units[v->target].id);
    jo_key(j, "rules");
    jo_string(j, vl_charge_rules_name(v->rules));
    jo_key(j, "eligible");
    jo_bool(j, v->eligible);
    jo_key(j, "reachable");
    jo_bool(j, v->reachable);
    jo_key(j, "legal");
    jo_bool(j, v->legal);
    jo_key(j, "depends_on_die");
    jo_bool(j, v->depends_on_die);
    if (v->depends_on_die) {
        jo_key(j, "max_die");
        jo_int(j, v->max_die);
    }
    if (v->npath > 0) {
        jo_key(j, "face");
        jo_string(j, vl_face_name(v->face));
        jo_key(j, "distance");
        jo_number(j, v->distance);
    }
    jo_key(j, "ground");
    jo_string(j, vl_ground_name(v->ground));
    jo_key(j, "allowance");
    jo_begin_object(j);
    jo_key(j, "min");
    jo_number(j, v->allowance_min);
    jo_key(j, "max");
    jo_number(j, v->allowance_max);
    jo_end_object(j);
    if (v->npath > 0) {
        jo_key(j, "opening");
        jo_begin_object(j);
        jo_key(j, "kind");
        jo_string(j, vl_pre_kind_name(v->pre_kind));
        jo_key(j, "amount");
        jo_number(j, v->pre_amount);
        jo_key(j, "cost");
        jo_number(j, v->pre_cost);
        jo_end_object(j);
        jo_key(j, "contact");
        ro_pose(j, v->contact_pose);
        jo_key(j, "path");
        jo_begin_array(j);
        for (int i = 0; i < v->npath; i++)
            ro_pose(j, v->path[i]);
        jo_end_array(j);
        if (v->rules == VL_RULES_GOR) {
            jo_key(j, "half_charge");
            jo_begin_object(j);
            jo_key(j, "distance");
            jo_number(j, v->half_distance);
            jo_key(j, "pose");
            ro_pose(j, v->half_pose);
            jo_end_object(j);
        }
    }
    jo_key(j, "blocker");
    if (v->blocker_unit >= 0)
        ro_unit_or_null(j, w, v->blocker_unit);
    else
        ro_feature_or_null(j, w, v->blocker_feature);
    jo_key(j, "rough");
    ro_feature_list(j, w, v->rough, v->nrough);
    jo_key(j, "supports");
    ro_unit_list(j, w, v->supports, v->nsupports);
    if (v->rules == VL_RULES_JR3) {
        jo_key(j, "close_support");
        ro_unit_list(j, w, v->close_support, v->nclose_support);
        jo_key(j, "oblique");
        jo_number(j, v->oblique);
        jo_key(j, "disorder");
        jo_bool(j, v->disorder);
        jo_key(j, "max_reach");
        jo_number(j, v->max_reach);
    }
    if (v->rules == VL_RULES_GUNSON && v->npath > 0) {
        jo_key(j, "needs_throw");
        jo_bool(j, v->needs_throw);
        jo_key(j, "throw_needed");
        jo_int(j, v->throw_needed);
        jo_key(j, "impetus_men_per_die");
        jo_int(j, v->impetus_men_per_die);
        if (s->units[v->unit].type == VL_CAVALRY) {
            jo_key(j, "crash_through");
            ro_pose(j, v->crash_pose);
        }
    }
    jo_key(j, "reasons");
    ro_reasons(j, w, &v->why);
    jo_end_object(j);
    j->pretty = pretty;
}

static bool parse_double(const char *s, double *out)
{
    char *end;
    *out = strtod(s, &end);
    return end != s && *end == 0 && isfinite(*out);
}

int vl_cmd_charge(int argc, char **argv)
{
    const char *path = NULL, *unit = NULL, *target = NULL;
    VlChargeOrder o = {0};
    o.rules = VL_RULES_GOR;
    o.choose_path = true;
    bool all_rules = false; /* --rules all: each verdict under the three charge systems, side by side */
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool has = i + 1 < argc;
        if (strcmp(a, "--target") == 0 && has)
            target = argv[++i];
        else if (strcmp(a, "--rules") == 0 && has) {
            all_rules = strcmp(argv[++i], "all") == 0;
            int r = all_rules ? VL_RULES_GOR : vl_charge_rules_parse(argv[i]);
            if (r < 0) {
                fprintf(stderr, "volley charge: --rules takes gor, jr3, gunson or all, not \"%s\"\n", argv[i]);
                return 2;
            }
            o.rules = (VlChargeRules)r;
        } else if ((strcmp(a, "--drift") == 0 || strcmp(a, "--wheel-left") == 0 || strcmp(a, "--wheel-right") == 0) && has) {
            if (!parse_double(argv[++i], &o.pre_amount)) {
                fprintf(stderr, "volley charge: %s takes a number, not \"%s\"\n", a, argv[i]);
                return 2;
            }
            o.choose_path = false;
            o.pre_kind = a[2] == 'd' ? VL_PRE_DRIFT : strcmp(a, "--wheel-left") == 0 ? VL_PRE_WHEEL_LEFT : VL_PRE_WHEEL_RIGHT;
        } else if (strcmp(a, "--straight") == 0) {
            o.choose_path = false;
            o.pre_kind = VL_PRE_NONE;
        } else if (strcmp(a, "--die") == 0 && has) {
            long v;
            if (!vl_cli_int_flag("charge", "--die", argv[++i], 1, 6, &v))
                return 2;
            o.rough_die = (int)v;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "volley charge: unknown option \"%s\" (known: --target ID, --rules gor|jr3|gunson|all, "
                            "--straight, --drift IN, --wheel-left DEG, --wheel-right DEG, --die N)\n", a);
            return 2;
        } else if (!path)
            path = a;
        else if (!unit)
            unit = a;
        else {
            fprintf(stderr, "volley charge: unexpected argument \"%s\"\n", a);
            return 2;
        }
    }
    if (!path || !unit) {
        fprintf(stderr, "usage: volley charge SCENARIO UNIT [--target ID] [--rules gor|jr3|gunson|all] [--straight | --drift "
                        "IN | --wheel-left DEG | --wheel-right DEG] [--die N]\n");
        return 2;
    }
    VlScenario s;
    VlWorld *w;
    if (vl_cli_open_world(path, &s, &w))
        return 1;
    int rc = 1;
    o.unit = vl_cli_find_unit(&s, path, unit);
    int t = target ? vl_cli_find_unit(&s, path, target) : -1;
    if (o.unit >= 0 && (!target || t >= 0)) {
        if (t >= 0 && !vl_world_enemies(w, o.unit, t)) {
            fprintf(stderr, "%s: %s and %s are on the same side: a charge needs an enemy target\n", path, unit, target);
            rc = 3;
            goto done;
        }
        JsonOut j;
        jo_init(&j, stdout, true);
        jo_begin_object(&j);
        jo_key(&j, "unit");
        jo_string(&j, s.units[o.unit].id);
        jo_key(&j, "rules");
        jo_string(&j, all_rules ? "all" : vl_charge_rules_name(o.rules));
        jo_key(&j, "verdicts");
        jo_begin_array(&j);
        bool any_legal = false;
        for (int k = 0; k < s.nunits; k++) {
            if ((t >= 0 && k != t) || !vl_world_enemies(w, o.unit, k) || !vl_world_present(w, k))
                continue;
            o.target = k;
            for (int r = all_rules ? 0 : (int)o.rules; r <= (all_rules ? 2 : (int)o.rules); r++) {
                VlChargeOrder ro = o;
                ro.rules = (VlChargeRules)r;
                VlChargeVerdict v;
                vl_resolve_charge(w, &ro, &v);
                any_legal |= v.legal;
                print_verdict(&j, w, &v);
            }
        }
        jo_end_array(&j);
        jo_end_object(&j);
        jo_end(&j);
        rc = t < 0 || any_legal ? 0 : 3;
    }
done:
    vl_world_destroy(w);
    vl_scenario_free(&s);
    return rc;
}

int vl_cmd_threats(int argc, char **argv)
{
    if (argc != 1 || argv[0][0] == '-') {
        fprintf(stderr, "usage: volley threats SCENARIO\n");
        return 2;
    }
    VlScenario s;
    VlWorld *w;
    if (vl_cli_open_world(argv[0], &s, &w))
        return 1;
    JsonOut j;
    jo_init(&j, stdout, true);
    jo_begin_object(&j);
    jo_key(&j, "units");
    jo_begin_array(&j);
    for (int u = 0; u < s.nunits; u++) {
        if (s.units[u].type == VL_GENERAL)
            continue;
        VlReasons why = {0};
        int threat[4];
        vl_threatened_faces(w, u, threat, &why);
        int sup[8];
        int ns = vl_rear_supports(w, u, sup, 8, &why);
        int blocked = -1;
        int fire = vl_fire_target(w, u, &blocked, &why);
        double cd;
        bool in_cmd = vl_world_in_command(w, u, &cd);
        bool pretty = j.pretty;
        jo_begin_object(&j);
        j.pretty = false;
        jo_key(&j, "id");
        jo_string(&j, s.units[u].id);
        jo_key(&j, "threatened");
        jo_begin_object(&j);
        for (int f = 1; f < 4; f++) {
            jo_key(&j, f == VL_FACE_LEFT ? "left_flank" : f == VL_FACE_RIGHT ? "right_flank" : "rear");
            ro_unit_or_null(&j, w, threat[f]);
        }
        jo_end_object(&j);
        int nthreat = (threat[1] >= 0) + (threat[2] >= 0) + (threat[3] >= 0);
        jo_key(&j, "threatened_flanks");
        jo_int(&j, nthreat);
        jo_key(&j, "supported_by");
        ro_unit_list(&j, w, sup, ns);
        jo_key(&j, "in_command");
        jo_bool(&j, in_cmd);
        jo_key(&j, "fire_target");
        ro_unit_or_null(&j, w, fire);
        jo_key(&j, "fire_blocked_by");
        ro_unit_or_null(&j, w, blocked);
        jo_key(&j, "reasons");
        ro_reasons(&j, w, &why);
        jo_end_object(&j);
        j.pretty = pretty;
    }
    jo_end_array(&j);
    jo_end_object(&j);
    jo_end(&j);
    vl_world_destroy(w);
    vl_scenario_free(&s);
    return 0;
}
