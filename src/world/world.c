#include "volley/world.h"

#include <stdlib.h>
#include <string.h>

VlRuleOptions vl_rule_options_default(void)
{
    return (VlRuleOptions){VL_RULES_GOR, 0, false, 2, 10.0};
}

VlRuleOptions vl_rule_options_for(const VlScenario *s)
{
    VlRuleOptions o = vl_rule_options_default();
    o.charge_rules = s->charge_rules;
    o.republic = s->republic;
    return o;
}

VlWorld *vl_world_create(const VlScenario *s, uint64_t seed)
{
    VlWorld *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->scenario = s;
    w->bf = vl_scenario_battlefield(s);
    w->nunits = s->nunits;
    w->units = calloc(s->nunits ? (size_t)s->nunits : 1, sizeof *w->units);
    if (!w->bf || !w->units) {
        vl_world_destroy(w);
        return NULL;
    }
    for (int i = 0; i < s->nunits; i++) {
        w->units[i].attached_to = -1;
        w->units[i].occupy = -1;
        w->units[i].firefight = -1;
        w->units[i].mounted = s->units[i].type == VL_CAVALRY && s->units[i].mounted;
        w->units[i].arrive_turn = s->units[i].arrive_turn;
        if (s->units[i].arrive_turn > 0) {
            w->units[i].waiting = true;
            vl_battlefield_set_active(w->bf, i, false);
        }
    }
    w->turn = 1;
    w->options = vl_rule_options_default();
    vl_rng_seed(&w->rng, seed, 0x566f6c6c6579ull); /* stream: "Volley" */
    return w;
}

void vl_world_destroy(VlWorld *w)
{
    if (!w)
        return;
    vl_battlefield_destroy(w->bf);
    free(w->units);
    free(w);
}

const VlFieldUnit *vl_world_unit(const VlWorld *w, int u) { return vl_battlefield_unit(w->bf, u); }

bool vl_world_makes_way(const VlWorld *w, int j, int u)
{
    return w->scenario->units[j].type == VL_GENERAL && w->scenario->units[u].type != VL_GENERAL;
}


void vl_world_set_present(VlWorld *w, int u, bool present)
{
    if (u < 0 || u >= w->nunits)
        return;
    if (present) {
        w->units[u].removed = false;
        w->units[u].waiting = false;
    } else {
        w->units[u].removed = true;
    }
    vl_battlefield_set_active(w->bf, u, present);
}

VlWorld *vl_world_clone(const VlWorld *src)
{
    VlWorld *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    *w = *src;
    w->bf = vl_battlefield_clone(src->bf);
    w->units = malloc((size_t)(src->nunits ? src->nunits : 1) * sizeof *w->units);
    if (!w->bf || !w->units) {
        vl_battlefield_destroy(w->bf);
        free(w->units);
        free(w);
        return NULL;
    }
    memcpy(w->units, src->units, (size_t)src->nunits * sizeof *w->units);
    return w;
}

/* The unit whose brigade u belongs to: itself, or the unit it was attached to (GOR-CMD-2). */
static int brigade_holder(const VlWorld *w, int u)
{
    int a = w->units[u].attached_to;
    return a >= 0 && a < w->nunits ? a : u;
}

const char *vl_world_brigade(const VlWorld *w, int u)
{
    return w->scenario->units[brigade_holder(w, u)].brigade_label;
}

bool vl_world_same_brigade(const VlWorld *w, int a, int b)
{
    const char *x = vl_world_brigade(w, a), *y = vl_world_brigade(w, b);
    return x[0] && strcmp(x, y) == 0 && vl_world_side(w, a) == vl_world_side(w, b);
}

int vl_world_commander(const VlWorld *w, int u)
{
    const VlScenario *s = w->scenario;
    const VlScenarioUnit *su = &s->units[brigade_holder(w, u)];
    if (!su->brigade_label[0])
        return -1;
    /* The brigade's named commander, else the general who carries the brigade id. */
    if (su->brigade >= 0 && s->brigades[su->brigade].commander >= 0) {
        int g = s->brigades[su->brigade].commander;
        return vl_world_present(w, g) ? g : -1;
    }
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].type == VL_GENERAL && vl_world_present(w, i) && vl_world_same_brigade(w, i, u))
            return i;
    return -1;
}

bool vl_world_in_command(const VlWorld *w, int u, double *dist)
{
    if (dist)
        *dist = -1;
    if (w->scenario->units[u].type == VL_GENERAL)
        return true;
    int g = vl_world_commander(w, u);
    if (g < 0)
        return false;
    double d = vl_footprint_distance(&vl_world_unit(w, u)->fp, &vl_world_unit(w, g)->fp);
    if (dist)
        *dist = d;
    return d <= VL_COMMAND_RADIUS; /* GOR-CMD-1: within 8 in of the brigade commander */
}

int vl_world_units_behind(const VlWorld *w, int u, int *out, int max)
{
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    int n = 0;
    /* A zero-depth line along u's rear, facing back: what its 5 in corridor touches is behind u. */
    VlFootprint rev;
    VlVec2 rear_mid = vl_v2_lerp(fp->box.p[2], fp->box.p[3], 0.5);
    double facing = vl_world_unit(w, u)->pose.facing + 180;
    vl_footprint_build(&rev, (VlPose){rear_mid, facing}, VL_FORM_LINE,
                       (VlBaseSpec){1, vl_v2_dist(fp->box.p[2], fp->box.p[3]), 1e-6});
    for (int j = 0; j < w->nunits && n < max; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j))
            continue;
        double exp = 0;
        if (vl_fire_corridor(&rev, 5.0, &vl_world_unit(w, j)->fp, &exp) && exp > VL_EPS)
            out[n++] = j;
    }
    return n;
}
