/* ---- the fire-target rule (GOR-FIRE-1, GOR-FIRE-6, GOR-FORM-3, D-FIRE-1, D-FIRE-4, D-GAME-3) ----
 *
 * Whom a unit's small arms must fire at: the enemy in its corridor, in range and in sight, that
 * shows the greatest frontage (the nearer on a tie), unless a nearer friend showing more of itself
 * blocks the fire; and how far a unit's small arms reach. Self-contained (only the public API), so
 * that it can join the rest of the fire rules in one file. */
#include "volley/rules.h"

#include <math.h>

static const char *uid(const VlWorld *w, int u) { return w->scenario->units[u].id; }

int vl_fire_target(const VlWorld *w, int u, int *blocked_by, VlReasons *why)
{
    if (blocked_by)
        *blocked_by = -1;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlScenarioUnit *su = &w->scenario->units[u];
    if (su->type != VL_INFANTRY && su->type != VL_CAVALRY) {
        if (why)
            vl_reason_add(why, "GOR-FIRE-1", false, NAN, u, -1, "%s has no small arms", su->id);
        return -1;
    }
    if (fu->formation == VL_FORM_COLUMN) {
        if (why)
            vl_reason_add(why, "GOR-FORM-3", false, NAN, u, -1, "%s is in column: columns cannot fire", su->id);
        return -1;
    }
    double range = vl_unit_fire_range(su->type, fu->weapon);
    int best = -1;
    double best_exp = 0, best_d = INFINITY;
    for (int j = 0; j < w->nunits; j++) {
        /* D-GAME-3: a command base is never a target. */
        if (j == u || !vl_world_present(w, j) || !vl_world_enemies(w, u, j) || w->scenario->units[j].type == VL_GENERAL)
            continue;
        double exp;
        if (!vl_fire_corridor(&fu->fp, range, &vl_world_unit(w, j)->fp, &exp) || exp <= VL_EPS)
            continue;
        VlSight s;
        vl_sight(w->bf, u, j, &s);
        if (!s.clear) {
            if (why)
                vl_reason_add(why, "GOR-FIRE-1", true, exp, j, -1, "%s is in the corridor but out of sight", uid(w, j));
            continue;
        }
        double d = vl_footprint_distance(&fu->fp, &vl_world_unit(w, j)->fp);
        if (why)
            vl_reason_add(why, "GOR-FIRE-1", true, exp, j, -1, "%s shows %.2f in of frontage in the line of fire at %.2f in",
                          uid(w, j), exp, d);
        /* GOR-FIRE-1: the greatest frontage; equal frontage goes to the nearer (D-FIRE-1). */
        if (exp > best_exp + 1e-9 || (fabs(exp - best_exp) <= 1e-9 && d < best_d)) {
            best = j;
            best_exp = exp;
            best_d = d;
        }
    }
    if (best < 0)
        return -1;
    /* GOR-FIRE-6 (example E): a nearer friend showing more of itself in the line of fire blocks it. */
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->scenario->units[j].type == VL_GENERAL)
            continue;
        double exp;
        if (!vl_fire_corridor(&fu->fp, range, &vl_world_unit(w, j)->fp, &exp))
            continue;
        double d = vl_footprint_distance(&fu->fp, &vl_world_unit(w, j)->fp);
        if (d < best_d && exp > best_exp + 1e-9) {
            if (blocked_by)
                *blocked_by = j;
            if (why)
                vl_reason_add(why, "GOR-FIRE-6", false, exp, j, -1,
                              "friend %s, nearer, shows %.2f in in the line of fire against %s's %.2f in: the fire is blocked",
                              uid(w, j), exp, uid(w, best), best_exp);
            return -1;
        }
    }
    if (why)
        vl_reason_add(why, "GOR-FIRE-1", true, best_exp, best, -1, "target: %s, the greatest frontage in the line of fire",
                      uid(w, best));
    return best;
}

double vl_unit_fire_range(VlUnitType type, VlWeapon weapon)
{
    if (type == VL_CAVALRY && weapon == VL_BREECHLOADER)
        return 16.0;
    return vl_weapon_max_range(weapon);
}
