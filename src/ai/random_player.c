/* The random-legal player: for each of its units, in a random order, it picks an order that fits the
 * phase at random, keeps it only if the game accepts it (vl_game_check), and finally ends the phase. */
#include "volley/ai.h"

#include <math.h>
#include <string.h>

static double uniform(VlRng *r, double lo, double hi) { return lo + (hi - lo) * vl_rng_unit(r); }

static VlStatus send(VlGame *g, VlLog *log, const VlCommand *c)
{
    VlReasons why = {0};
    return log ? vl_log_apply(log, g, c, &why) : vl_game_apply(g, c, &why);
}

static void shuffle(int *a, int n, VlRng *r)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)vl_rng_below(r, (uint32_t)(i + 1));
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* A random movement order for u: mostly advances and wheels, sometimes a formation change. */
static VlCommand random_move(const VlGame *g, int u, VlRng *r)
{
    const VlWorld *w = vl_game_world_const(g);
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlScenarioUnit *su = &w->scenario->units[u];
    VlCommand c;
    memset(&c, 0, sizeof c);
    c.kind = VL_CMD_MOVE;
    c.facing = NAN;
    c.move.unit = u;
    c.move.nsteps = 1;
    VlStep *s = &c.move.steps[0];
    s->keep_base = -1;
    s->facing = NAN;
    s->mounted = w->units[u].mounted;
    uint32_t pick = vl_rng_below(r, 10);
    bool column = fu->formation == VL_FORM_COLUMN || fu->formation == VL_FORM_LIMBERED || su->type == VL_GENERAL;
    if (pick < 1 && su->type != VL_GENERAL) {
        /* change formation */
        static const VlFormation inf[] = {VL_FORM_LINE, VL_FORM_COLUMN, VL_FORM_SKIRMISH, VL_FORM_SQUARE};
        static const VlFormation art[] = {VL_FORM_UNLIMBERED, VL_FORM_LIMBERED};
        s->kind = VL_STEP_FORM;
        if (su->type == VL_ARTILLERY)
            s->formation = art[vl_rng_below(r, 2)];
        else if (su->type == VL_CAVALRY) {
            s->mounted = vl_rng_below(r, 2);
            s->formation = s->mounted ? (vl_rng_below(r, 2) ? VL_FORM_LINE : VL_FORM_COLUMN) : VL_FORM_SKIRMISH;
        } else
            s->formation = inf[vl_rng_below(r, 4)];
        return c;
    }
    if (pick < 4) {
        s->kind = column ? VL_STEP_TURN : fu->formation == VL_FORM_UNLIMBERED ? VL_STEP_PIVOT : VL_STEP_WHEEL;
        s->amount = uniform(r, -45, 45);
        s->pivot = s->kind == VL_STEP_PIVOT ? VL_PIVOT_CENTRE : s->amount > 0 ? VL_PIVOT_RIGHT : VL_PIVOT_LEFT;
        if (s->kind != VL_STEP_PIVOT) {
            c.move.nsteps = 2;
            c.move.steps[1] = (VlStep){VL_STEP_ADVANCE, uniform(r, 0, 6), VL_PIVOT_LEFT, VL_FORM_NONE, true, -1, NAN};
        }
        return c;
    }
    s->kind = VL_STEP_ADVANCE;
    s->amount = uniform(r, 0.5, 12);
    return c;
}

int vl_random_player_phase(VlGame *g, VlLog *log, VlRng *r)
{
    vl_game_start(g);
    const VlWorld *w = vl_game_world_const(g);
    int side = vl_game_active_side(g);
    VlPhase phase = vl_game_phase(g);
    int n = w->nunits, issued = 0;
    int order[1024];
    if (n > 1024)
        n = 1024;
    for (int i = 0; i < n; i++)
        order[i] = i;
    shuffle(order, n, r);
    for (int k = 0; k < n && phase != VL_PHASE_OVER; k++) {
        int u = order[k];
        if (!vl_world_present(w, u) || vl_world_side(w, u) != side)
            continue;
        VlCommand c;
        memset(&c, 0, sizeof c);
        c.facing = NAN;
        c.unit = u;
        bool have = false;
        switch (phase) {
        case VL_PHASE_ARTILLERY: {
            int t = (int)vl_rng_below(r, (uint32_t)n);
            c.kind = VL_CMD_ARTILLERY_FIRE;
            /* try a few targets */
            for (int tries = 0; tries < 8 && !have; tries++, t = (t + 1 + (int)vl_rng_below(r, 7)) % n) {
                c.target = t;
                have = vl_game_check(g, &c, NULL);
            }
            break;
        }
        case VL_PHASE_FIRE:
            c.kind = VL_CMD_FIRE;
            have = vl_rng_below(r, 10) < 9 && vl_game_check(g, &c, NULL);
            break;
        case VL_PHASE_CHARGE: {
            if (vl_rng_below(r, 2))
                break;
            c.kind = VL_CMD_CHARGE;
            c.choose_path = true;
            for (int t = 0; t < n && !have; t++) {
                if (!vl_world_present(w, t) || !vl_world_enemies(w, u, t) ||
                    vl_footprint_distance(&vl_world_unit(w, u)->fp, &vl_world_unit(w, t)->fp) >
                        (w->options.charge_rules == VL_RULES_GUNSON ? 18 : 16)) /* GUN-CHG-1: musket range */
                    continue;
                c.target = t;
                have = vl_game_check(g, &c, NULL);
            }
            break;
        }
        case VL_PHASE_MOVEMENT:
            for (int tries = 0; tries < 3 && !have; tries++) {
                c = random_move(g, u, r);
                have = vl_rng_below(r, 5) > 0 && vl_game_check(g, &c, NULL);
            }
            break;
        case VL_PHASE_RALLY:
            c.kind = VL_CMD_RALLY;
            c.facing = w->units[u].routed ? uniform(r, 0, 360) : NAN;
            have = (w->units[u].hits >= 2 || w->units[u].routed) && vl_game_check(g, &c, NULL);
            break;
        default: break;
        }
        if (!have)
            continue;
        if (send(g, log, &c) != VL_OK)
            return -1;
        issued++;
    }
    VlCommand end;
    memset(&end, 0, sizeof end);
    end.kind = VL_CMD_END_PHASE;
    end.facing = NAN;
    if (send(g, log, &end) != VL_OK)
        return -1;
    return issued + 1;
}
