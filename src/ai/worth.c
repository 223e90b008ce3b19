/* What things are worth to the commander: 1.0 is a unit routed or gone, which is a victory point.
 * A HIT, a unit, a loss that may break the army, a morale test and the fall back it may bring
 * (off the table near an edge, D-GAME-5), a rally; a game's material and result for the
 * look-ahead, and what a change of the points is worth on the last player turn. */
#include "commander_internal.h"

/* Room a unit has to go along @p dir before the table edge (inches): a unit that falls back,
 * retires or routs off the table is gone for good (D-GAME-5). */
double vl_ai_room_along(const VlWorld *w, int u, VlVec2 dir)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    double Wd = vl_battlefield_width(w->bf), Ht = vl_battlefield_height(w->bf), room = INFINITY;
    for (int k = 0; k < 4; k++) {
        VlVec2 p = fu->fp.box.p[k];
        if (dir.x > 1e-9)
            room = fmin(room, (Wd - p.x) / dir.x);
        if (dir.x < -1e-9)
            room = fmin(room, -p.x / dir.x);
        if (dir.y > 1e-9)
            room = fmin(room, (Ht - p.y) / dir.y);
        if (dir.y < -1e-9)
            room = fmin(room, -p.y / dir.y);
    }
    return room;
}

/* Room behind a unit before the table edge, along its rear. */
double vl_ai_room_behind(const VlWorld *w, int u) { return vl_ai_room_along(w, u, vl_v2_neg(vl_world_unit(w, u)->fp.fwd)); }

/* The worth of one more HIT on unit t. */
double vl_ai_hit_value(const VlWorld *w, int t)
{
    const VlUnitState *st = &w->units[t];
    int counted = st->hits < VL_AI_WEIGHTS.hit.most_hits ? st->hits : VL_AI_WEIGHTS.hit.most_hits;
    double v = VL_AI_WEIGHTS.hit.base + VL_AI_WEIGHTS.hit.per_hit * counted;
    if (st->hits % 2 == 1)
        v += VL_AI_WEIGHTS.hit.odd; /* the next HIT costs a point of morale (GOR-MOR-2) */
    if (st->hits == VL_RETREAT_TEST_HITS - 1)
        v += VL_AI_WEIGHTS.hit.fourth; /* the fifth brings retreat tests every turn (GOR-RETR-1) */
    if (utype(w, t) == VL_ARTILLERY || mounted_cav(w, t))
        v *= VL_AI_WEIGHTS.hit.guns_horse;
    if (st->routed)
        v *= VL_AI_WEIGHTS.hit.routed; /* already counted lost; HITs only make rallying harder */
    return v;
}

/* A unit's worth to its side for the look-ahead's judgement. */
static double worth(const VlWorld *w, int u)
{
    const VlUnitState *st = &w->units[u];
    if (st->waiting)
        return 1.0;
    if (st->removed)
        return 0;
    if (utype(w, u) == VL_GENERAL)
        return VL_AI_WEIGHTS.unit.general;
    double v = st->routed ? VL_AI_WEIGHTS.unit.routed : 1.0;
    v -= VL_AI_WEIGHTS.unit.per_hit * (st->hits < VL_AI_WEIGHTS.unit.most_hits ? st->hits : VL_AI_WEIGHTS.unit.most_hits);
    if (st->hits >= VL_RETREAT_TEST_HITS && !st->routed)
        v -= VL_AI_WEIGHTS.unit.five_hits;
    return v < VL_AI_WEIGHTS.unit.least ? VL_AI_WEIGHTS.unit.least : v;
}

/* What losing u for good (routed or gone) costs its side, in victory points: the point the enemy
 * gains, more when the side is one or two losses from breaking (the share of units lost that ends
 * the game, D-GAME-8): in a small force every unit is a large part of that share. */
double vl_ai_loss_value(const VlWorld *w, int u)
{
    int side = vl_world_side(w, u), all = 0, lost = 0;
    for (int k = 0; k < w->nunits; k++) {
        if (vl_world_side(w, k) != side || utype(w, k) == VL_GENERAL)
            continue;
        all++;
        lost += w->units[k].routed || w->units[k].removed;
    }
    int bp = w->scenario->break_percent;
    if (all == 0 || bp <= 0 || w->units[u].routed || w->units[u].removed)
        return 1.0;
    if ((lost + 1) * 100 >= bp * all)
        return VL_AI_WEIGHTS.loss.breaks; /* this loss breaks the army: the game */
    if ((lost + 2) * 100 >= bp * all)
        return VL_AI_WEIGHTS.loss.near_break;
    return 1.0;
}

/* The chance that unit f, failing a morale test with modifier @p mod and falling back @p per_point
 * inches a point failed plus @p fixed (GOR-FIRE-5: 2 a point; GOR-RETR-1: 10), goes at least
 * @p room inches: off the table, for f or for a unit behind it that goes with it. */
static double p_pushed(const VlWorld *w, int f, int mod, double per_point, double fixed, double room)
{
    for (int k = 1; k <= 12; k++)
        if (per_point * k + fixed >= room)
            return vl_morale_fail_chance(vl_ai_morale_level(w, f), mod, k);
    return 0;
}

/* The worth u is expected to lose by one morale test with modifier @p mod, failing units falling
 * back as p_pushed() says: a little for the ground given, everything when that takes it off the
 * table (D-GAME-5). Unlimbered guns limber up instead and lose their next shot. */
double vl_ai_test_loss(const VlWorld *w, int u, int mod, double per_point, double fixed)
{
    double fail = vl_morale_fail_chance(vl_ai_morale_level(w, u), mod, 1);
    if (fail <= 0)
        return 0;
    if (uform(w, u) == VL_FORM_UNLIMBERED && fixed == 0)
        return fail * VL_AI_WEIGHTS.test.guns_limber; /* fire: the guns limber up where they stand */
    return fail * VL_AI_WEIGHTS.test.ground +
           p_pushed(w, u, mod, per_point, fixed, vl_ai_room_behind(w, u)) * worth(w, u) * vl_ai_loss_value(w, u);
}

/* What unit b, directly behind f, is expected to lose when f takes a morale test with modifier
 * @p mod and, failing, falls back @p per_point inches a point failed plus @p fixed: each time f
 * falls back b goes the same way with 1 HIT, off the table if its room that way runs out
 * (GOR-FOLLOW-1). Unlimbered guns do not fall back from fire (they limber instead). */
double vl_ai_follow_loss(const VlWorld *w, int f, int mod, int b, double per_point, double fixed)
{
    if (uform(w, f) == VL_FORM_UNLIMBERED && fixed == 0)
        return 0;
    double fail = vl_morale_fail_chance(vl_ai_morale_level(w, f), mod, 1);
    if (fail <= 0)
        return 0;
    double room = vl_ai_room_along(w, b, vl_v2_neg(vl_world_unit(w, f)->fp.fwd));
    if (utype(w, b) == VL_GENERAL) /* carried along without a HIT; off the table, his brigade is
                                      out of command for the rest of the game (GOR-CMD-1) */
        return p_pushed(w, f, mod, per_point, fixed, room) * VL_AI_WEIGHTS.test.general_carried;
    return fail * vl_ai_hit_value(w, b) + p_pushed(w, f, mod, per_point, fixed, room) * worth(w, b) * vl_ai_loss_value(w, b);
}

/* The retreat phase's test for a unit left with 5 HITs or more (GOR-RETR-1), at modifier @p mod:
 * 10 in back, +1 HIT. */
double vl_ai_retreat_loss(const VlWorld *w, int u, int hits, int mod)
{
    if (hits < VL_RETREAT_TEST_HITS)
        return 0;
    return vl_ai_test_loss(w, u, mod, 0, w->options.retreat_distance) +
           vl_morale_fail_chance(vl_ai_morale_level(w, u), mod, 1) * (VL_RETREAT_FAIL_HITS * vl_ai_hit_value(w, u));
}

double vl_ai_retreat_risk(const VlWorld *w, int u, int hits, int nthreat)
{
    return vl_ai_retreat_loss(w, u, hits, vl_morale_hits_modifier(hits) - nthreat);
}

/* What a rally test at modifier @p mod is worth (GOR-RALLY-1): 2 HITs off, a router back in the
 * fight, and, since the rally phase comes before the retreat phase, perhaps no retreat test this
 * turn (that test taken with @p other besides the HITs' modifier). */
double vl_ai_rally_worth(const VlWorld *w, int u, int mod, int other)
{
    const VlUnitState *st = &w->units[u];
    if (st->hits == 0 && !st->routed)
        return 0;
    double p = vl_morale_pass_chance(vl_ai_morale_level(w, u), mod);
    int after = vl_rally_hits_after(st->hits);
    return p * ((st->hits - after) * vl_ai_hit_value(w, u) + (st->routed ? VL_AI_WEIGHTS.test.router_back : 0) +
                vl_ai_retreat_loss(w, u, st->hits, other + vl_morale_hits_modifier(st->hits)) -
                vl_ai_retreat_loss(w, u, after, other + vl_morale_hits_modifier(after)));
}

/* The material and victory points of a game for @p side, against the enemy's. */
double vl_ai_material(const VlGame *g, int side)
{
    const VlWorld *w = vl_game_world_const(g);
    double s = 0;
    for (int u = 0; u < w->nunits; u++) {
        double v = worth(w, u);
        s += vl_world_side(w, u) == side ? v : -v;
    }
    return s + vl_game_points(g, side) - vl_game_points(g, 1 - side);
}

/* A finished game's result for @p side on the look-ahead's scale: 100 won, 0 drawn, -100 lost. */
double vl_ai_result_of(int winner, int side) { return winner == side ? 100 : winner < 0 ? 0 : -100; }

/* The result a lead of @p lead points gives, were the game to end now, on the same scale. */
double vl_ai_result_of_lead(double lead) { return 100.0 * ((lead > 0) - (lead < 0)); }

/* The state of a game for @p side: material, victory points, the result. */
double vl_ai_evaluate(const VlGame *g, int side)
{
    int winner;
    if (vl_game_over(g, &winner, NULL))
        return vl_ai_result_of(winner, side);
    return vl_ai_material(g, side);
}

/* How surely the points as they stand on side's last player turn are the final score: when the
 * enemy has no turn after it, surely (only our own fire, rally and retreat phases remain); when he
 * has one more, his fire and charges may yet change them, but most often they stand
 * (VL_AI_WEIGHTS.first_side_sureness). */
double vl_ai_sureness(const VlWorld *w, int side)
{
    return side == w->scenario->first_side ? VL_AI_WEIGHTS.first_side_sureness : 1.0;
}

/* On our last player turn: what a change of @p delta points to our side's lead is worth through the
 * result it leaves, on the scale on which the look-ahead counts a finished game (evaluate: 100 a
 * win, 0 a draw, -100 a loss), as surely as the points stand. 0 on other turns. */
double vl_ai_result_change(const Ai *ai, double delta)
{
    const VlWorld *w = W(ai);
    if (ai->turns_left > 0 || delta == 0)
        return 0;
    double lead = vl_game_points(ai->g, ai->side) - vl_game_points(ai->g, 1 - ai->side);
    return vl_ai_sureness(w, ai->side) * (vl_ai_result_of_lead(lead + delta) - vl_ai_result_of_lead(lead));
}
