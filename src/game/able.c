/* Which of the active side's units could still act in the phase (game.h vl_game_unit_can_act): the
 * question the screen asks before a player ends a phase with orders left unused. Each answer is the
 * game's own legality check of an order the unit could give, so it can never disagree with what the
 * game would accept. It reads the game only. */
#include "volley/game.h"

#include <math.h>
#include <string.h>

static VlCommand order_of(VlCommandKind kind, int u, int target)
{
    VlCommand c;
    memset(&c, 0, sizeof c);
    c.kind = kind;
    c.unit = u;
    c.target = target;
    c.facing = NAN;
    c.choose_path = true;
    return c;
}

/* Some enemy of @p u that the game would let it fire at or charge with @p kind. */
static bool any_enemy_accepts(const VlGame *g, VlCommandKind kind, int u)
{
    const VlWorld *w = vl_game_world_const(g);
    int side = w->scenario->units[u].side;
    for (int t = 0; t < w->nunits; t++) {
        if (w->scenario->units[t].side == side || w->units[t].removed || w->units[t].waiting)
            continue;
        VlCommand c = order_of(kind, u, t);
        VlReasons why = {0};
        if (vl_game_check(g, &c, &why))
            return true;
    }
    return false;
}

bool vl_game_unit_can_act(const VlGame *g, int u)
{
    const VlWorld *w = vl_game_world_const(g);
    if (u < 0 || u >= w->nunits || vl_game_over(g, NULL, NULL))
        return false;
    const VlUnitState *st = &w->units[u];
    if (w->scenario->units[u].side != vl_game_active_side(g) || st->removed || st->waiting)
        return false;
    VlReasons why = {0};
    switch (vl_game_phase(g)) {
    case VL_PHASE_ARTILLERY: return any_enemy_accepts(g, VL_CMD_ARTILLERY_FIRE, u);
    case VL_PHASE_FIRE: {
        VlCommand c = order_of(VL_CMD_FIRE, u, -1); /* the target GOR-FIRE-1 chooses */
        return vl_game_check(g, &c, &why);
    }
    case VL_PHASE_CHARGE: return any_enemy_accepts(g, VL_CMD_CHARGE, u);
    case VL_PHASE_MOVEMENT:
        /* GOR-TURN-3: one action a turn; a unit that has not acted and is not routed may still move
         * (where it can go is the move verdict's question, asked when it is ordered). */
        return !st->acted && !st->routed;
    case VL_PHASE_RALLY: {
        VlCommand c = order_of(VL_CMD_RALLY, u, -1);
        return vl_game_check(g, &c, &why);
    }
    default: return false;
    }
}

int vl_game_units_able(const VlGame *g, int *out, int max)
{
    const VlWorld *w = vl_game_world_const(g);
    int n = 0;
    for (int u = 0; u < w->nunits; u++)
        if (vl_game_unit_can_act(g, u)) {
            if (out && n < max)
                out[n] = u;
            n++;
        }
    return n;
}
